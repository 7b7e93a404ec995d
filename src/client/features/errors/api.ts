import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { feedbackReplySchema, type FeedbackBody } from '../../../shared/schemas/reports';

/** POST /api/reports/feedback: the get-in-touch form of the error page. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) =>
      api('/api/reports/feedback', { body, schema: feedbackReplySchema }),
  });
}
