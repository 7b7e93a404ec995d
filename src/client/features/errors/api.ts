import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { reports } from '../../../shared/api/client-routes';
import type { FeedbackBody } from '../../../shared/schemas/reports';

/** POST /api/reports/feedback: the get-in-touch form of the error page. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => call(reports.feedback, { body }),
  });
}
