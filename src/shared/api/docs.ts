import { defineEndpoint, errorReplies } from './endpoint';

/** The description of this API, served by the app (decision 0016). */
export const docs = {
  openapi: defineEndpoint({
    operationId: 'openapiDocument',
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document, generated from the endpoint contract at start-up.',
    access: 'anonymous',
    reply: { contentType: 'application/json', description: 'An OpenAPI 3.1 document.' },
    errors: errorReplies(),
  }),
  reference: defineEndpoint({
    operationId: 'apiReference',
    method: 'GET',
    path: '/api/docs',
    summary: 'A readable reference of this API (Scalar), served from the app at /api/docs/.',
    redirectsTo: '/api/docs/',
    access: 'anonymous',
    reply: { contentType: 'text/html', description: 'The reference page.' },
    errors: errorReplies(),
  }),
  referenceScript: defineEndpoint({
    operationId: 'apiReferenceScript',
    method: 'GET',
    path: '/api/docs/js/scalar.js',
    summary: "The reference page's script.",
    access: 'anonymous',
    reply: { contentType: 'application/javascript', description: 'The Scalar bundle.' },
    errors: errorReplies(),
  }),
};
