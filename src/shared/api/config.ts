import { publicConfigSchema } from '../schemas/public-config';
import { defineEndpoint, errorReplies } from './endpoint';

/** Operator settings the browser needs (/api/config). */
export const config = {
  public: defineEndpoint({
    operationId: 'publicConfig',
    method: 'GET',
    path: '/api/config/public',
    summary: 'The support address and environment name.',
    access: 'anonymous',
    reply: publicConfigSchema,
    errors: errorReplies(),
  }),
};
