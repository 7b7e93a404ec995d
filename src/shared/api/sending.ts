import { okReplySchema, proposalIdParamsSchema } from '../schemas/proposal';
import {
  inviteBodySchema,
  inviteReplySchema,
  memberParamsSchema,
  membersReplySchema,
  sendBodySchema,
  sendReplySchema,
} from '../schemas/sending';
import { defineEndpoint, errorReplies } from './endpoint';

/** Sending a proposal and its Team area (/api/proposal). */
export const sending = {
  send: defineEndpoint({
    operationId: 'sendProposal',
    method: 'POST',
    path: '/api/proposal/send',
    summary: 'Send a proposal to its homeowner by e-mail.',
    access: 'owner',
    body: sendBodySchema,
    reply: sendReplySchema,
    idempotent: true,
    errors: errorReplies(400, 401, 403, 404, 409),
  }),
  invite: defineEndpoint({
    operationId: 'inviteMember',
    method: 'POST',
    path: '/api/proposal/:id/invite',
    summary: 'Invite someone to read a proposal.',
    access: 'owner',
    params: proposalIdParamsSchema,
    body: inviteBodySchema,
    reply: inviteReplySchema,
    errors: errorReplies(400, 401, 403, 404, 409),
  }),
  members: defineEndpoint({
    operationId: 'listMembers',
    method: 'GET',
    path: '/api/proposal/:id/members',
    summary: "A proposal's homeowner and invitees.",
    access: 'member',
    params: proposalIdParamsSchema,
    reply: membersReplySchema,
    errors: errorReplies(401, 404),
  }),
  removeMember: defineEndpoint({
    operationId: 'removeMember',
    method: 'DELETE',
    path: '/api/proposal/:id/members/:userId',
    summary: "Remove someone's access to a proposal.",
    access: 'owner',
    params: memberParamsSchema,
    reply: okReplySchema,
    errors: errorReplies(401, 403, 404, 409),
  }),
};
