import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { reports } from '../../../shared/api/client-routes';
import type { HelpMessageBody } from '../../../shared/schemas/reports';

/** POST /api/reports/help: the help panel's contact form, to the support address. */
export function useSendHelpMessage() {
  return useMutation({
    mutationFn: (body: HelpMessageBody) => call(reports.help, { body }),
  });
}
