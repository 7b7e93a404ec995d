import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { feedbackReplySchema, type HelpMessageBody } from '../../../shared/schemas/reports';

/** POST /api/reports/help: the help panel's contact form, to the support address. */
export function useSendHelpMessage() {
  return useMutation({
    mutationFn: (body: HelpMessageBody) =>
      api('/api/reports/help', { body, schema: feedbackReplySchema }),
  });
}
