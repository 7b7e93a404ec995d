import { z } from 'zod';
import { okReplySchema } from '../schemas/proposal';
import { defineEndpoint, errorReplies } from './endpoint';

const fileParams = z.object({ id: z.uuid() });

/** Stored uploads (/api/files). */
export const files = {
  get: defineEndpoint({
    operationId: 'getFile',
    method: 'GET',
    path: '/api/files/:id',
    summary: 'The stored file: raster images inline, anything else as a download.',
    access: 'member',
    params: fileParams,
    reply: { contentType: 'application/octet-stream', description: 'The file, with its own type.' },
    errors: errorReplies(404),
  }),
  remove: defineEndpoint({
    operationId: 'deleteFile',
    method: 'DELETE',
    path: '/api/files/:id',
    summary:
      'Remove an upload that no saved proposal uses yet, by its uploader: signed in, or the browser that uploaded it before signing in.',
    // A visitor creating a proposal before signing in removes their own uploads (the upload's
    // secret cookie), so the route needs no session; anyone else's call is 404.
    access: 'anonymous',
    params: fileParams,
    reply: okReplySchema,
    errors: errorReplies(403, 404, 409),
  }),
};
