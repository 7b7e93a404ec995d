/**
 * Which successful (2xx) state-changing requests are product events, and under which name
 * (decision 0011). Keyed by method and route pattern as Fastify registered it (prefix included),
 * so the services stay untouched: a new event is one line here.
 *
 * `proposalFrom` says where the proposal's id is read: the route's `:id`, the JSON body's `id` or
 * `proposalId`, or the reply (create answers the new id as text). Only a UUID is ever stored.
 * `userFrom: 'reply'` reads the user id from the reply's `user._id` (sign-in: the session starts
 * in this very request). `newAccount` names a second event for when that account was made by this
 * very request: a sign-up's link opened (decision 0078; the sign-up itself makes no account).
 */
export interface EventRule {
  /** The event's name, or a function of the parsed JSON body when one route has two meanings. */
  name: string | ((body: unknown) => string);
  proposalFrom?: 'param' | 'body.id' | 'body.proposalId' | 'reply';
  userFrom?: 'reply';
  newAccount?: string;
}

export const EVENT_RULES: Readonly<Record<string, EventRule>> = {
  'POST /api/authorization/verify': {
    name: 'signed_in',
    userFrom: 'reply',
    newAccount: 'signed_up',
  },
  'POST /api/authorization/logout': { name: 'signed_out' },
  'POST /api/proposal/': { name: 'proposal_created', proposalFrom: 'reply' },
  'PUT /api/proposal/:id': { name: 'proposal_saved', proposalFrom: 'param' },
  'POST /api/proposal/duplicate': { name: 'proposal_duplicated', proposalFrom: 'body.id' },
  'POST /api/proposal/delete': { name: 'proposal_deleted', proposalFrom: 'body.id' },
  'POST /api/proposal/reassign': { name: 'proposal_reassigned', proposalFrom: 'body.id' },
  'POST /api/proposal/toggleVisibility': { name: 'visibility_toggled', proposalFrom: 'body.id' },
  'POST /api/proposal/send': { name: 'proposal_sent', proposalFrom: 'body.proposalId' },
  'POST /api/proposal/sign/:id': { name: 'proposal_signed', proposalFrom: 'param' },
  'POST /api/proposal/:id/print-access': { name: 'proposal_printed', proposalFrom: 'param' },
  'POST /api/proposal/:id/invite': { name: 'invite_sent', proposalFrom: 'param' },
  'DELETE /api/proposal/:id/members/:userId': { name: 'member_removed', proposalFrom: 'param' },
  'POST /api/proposal/photo-upload': { name: 'file_uploaded' },
  'POST /api/proposal/:id/addProduct': { name: 'option_added', proposalFrom: 'param' },
  'PUT /api/proposal/:id/options/:optionId': { name: 'option_position_set', proposalFrom: 'param' },
  'DELETE /api/proposal/:id/options/:optionId': { name: 'option_removed', proposalFrom: 'param' },
  'PUT /api/proposal/:id/items/:itemId/options/order': {
    name: 'options_reordered',
    proposalFrom: 'param',
  },
  'PUT /api/proposal/:id/options/:optionId/product': {
    name: 'option_product_fixed',
    proposalFrom: 'param',
  },
  'POST /api/proposal/:id/items/:itemId/comments': {
    name: 'comment_posted',
    proposalFrom: 'param',
  },
  'PUT /api/proposal/:id/items/:itemId/note': { name: 'note_saved', proposalFrom: 'param' },
  'POST /api/products/': {
    // The manual form says so (products/routes.ts); anything else is a URL to clip.
    name: (body) =>
      typeof body === 'object' && body !== null && 'manual' in body
        ? 'product_added_manually'
        : 'product_clipped',
  },
  'PUT /api/products/:id': { name: 'product_edited' },
  'POST /api/reports/feedback': { name: 'feedback_sent' },
  'POST /api/reports/help': { name: 'help_message_sent' },
};

/** The rule for a request, by its method and registered route pattern (trailing slash ignored). */
export function ruleFor(method: string, routeUrl: string | undefined): EventRule | undefined {
  if (!routeUrl) return undefined;
  const url = routeUrl.length > 1 && routeUrl.endsWith('/') ? routeUrl.slice(0, -1) : routeUrl;
  return EVENT_RULES[`${method} ${url}`] ?? EVENT_RULES[`${method} ${url}/`];
}
