import { proposalIdParamsSchema } from '../schemas/proposal';
import {
  logBodySchema,
  printAccessReplySchema,
  signBodySchema,
  signReplySchema,
  signingLogSchema,
} from '../schemas/signing';
import { defineEndpoint, errorReplies } from './endpoint';

/** Signing, the signing log and print access (/api/proposal). */
export const signing = {
  sign: defineEndpoint({
    operationId: 'signProposal',
    method: 'POST',
    path: '/api/proposal/sign/:id',
    summary: 'Sign a proposal as its contractor or homeowner.',
    access: 'member',
    params: proposalIdParamsSchema,
    body: signBodySchema,
    reply: signReplySchema,
    idempotent: true,
    errors: errorReplies(400, 401, 403, 404, 409, 422),
  }),
  log: defineEndpoint({
    operationId: 'signingLog',
    method: 'POST',
    path: '/api/proposal/log',
    summary: 'The signing log of a proposal: who signed what, when and from where.',
    access: 'member',
    body: logBodySchema,
    reply: signingLogSchema,
    errors: errorReplies(400, 401, 404),
  }),
  printAccess: defineEndpoint({
    operationId: 'grantPrintAccess',
    method: 'POST',
    path: '/api/proposal/:id/print-access',
    summary: 'A short-lived print link for the PDF renderer.',
    access: 'member',
    params: proposalIdParamsSchema,
    reply: printAccessReplySchema,
    errors: errorReplies(401, 404),
  }),
};
