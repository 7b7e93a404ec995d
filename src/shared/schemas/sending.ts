import { z } from 'zod';
import { emailSchema, NAME_ERROR, verifyBodySchema } from './auth';

/*
 * Sending a proposal to its homeowner, inviting people to it, and its member list (docs/product/sending.md send form
 * and Team area, docs/product/sending.md Send flow). One definition for the routes and the client.
 */

export const SEND_MESSAGE_MAX = 10000;
export const HOMEOWNER_NAME_MAX = 120;

const proposalId = z.uuid('Unknown id.');

/** POST /api/proposal/send */
export const sendBodySchema = z.object({
  proposalId,
  /** The client's e-mail: lower-cased, docs/product/sending.md pattern. */
  to: emailSchema,
  /** The contractor's message, sent as written (line breaks kept). */
  message: z
    .string()
    .max(SEND_MESSAGE_MAX, `Please keep the message under ${SEND_MESSAGE_MAX} characters.`)
    .default(''),
  /** The client's name: how this proposal names its homeowner (decision 0087). */
  homeownersName: z
    .string({ error: NAME_ERROR })
    .trim()
    .min(1, NAME_ERROR)
    .max(HOMEOWNER_NAME_MAX, `At most ${HOMEOWNER_NAME_MAX} characters.`),
});
export type SendBody = z.input<typeof sendBodySchema>;

export const sendReplySchema = z.object({
  ok: z.literal(true),
  /** The new `events.sent`. */
  sentAt: z.number(),
  /**
   * The address that was the proposal's homeowner until this send, when it was another one: that
   * person no longer has access (one homeowner per proposal). Show it to the contractor.
   */
  previousHomeowner: z.string().nullable(),
});
export type SendReply = z.infer<typeof sendReplySchema>;

/** POST /api/authorization/renew: the token of an old proposal link, to e-mail a fresh one. */
export const renewBodySchema = verifyBodySchema;
/** `sent`: whether a new link was e-mailed (to the address the old one went to, never named). */
export const renewReplySchema = z.object({ ok: z.literal(true), sent: z.boolean() });

/** POST /api/proposal/{id}/invite */
export const inviteBodySchema = z.object({
  inviteeEmail: emailSchema,
  /** How the proposal names them until they name themselves; optional (decision 0087). */
  inviteeName: z
    .string()
    .trim()
    .max(HOMEOWNER_NAME_MAX, `At most ${HOMEOWNER_NAME_MAX} characters.`)
    .default(''),
});
export type InviteBody = z.input<typeof inviteBodySchema>;

export const memberRoleSchema = z.enum(['homeowner', 'invitee']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: memberRoleSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const inviteReplySchema = z.object({ ok: z.literal(true), member: memberSchema });
export type InviteReply = z.infer<typeof inviteReplySchema>;

/** GET /api/proposal/{id}/members: the homeowner first, then invitees in the order invited. */
export const membersReplySchema = z.array(memberSchema);
export type MembersReply = z.infer<typeof membersReplySchema>;

export const memberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });

export const removeMemberReplySchema = z.object({ ok: z.literal(true) });

// ---- messages the API answers with (the client may match on them) ------------------------------

export const ONLY_CONTRACTORS_SEND = 'Only contractors can send proposals.';
export const ONLY_CONTRACTORS_INVITE = 'Only contractors can invite people to a proposal.';
export const SEND_TO_SELF =
  'This is your own address. Send the proposal to your client: you cannot be the homeowner of your own proposal.';
export const ALREADY_SIGNED_BY_HOMEOWNER =
  'The homeowner has already signed this proposal, so it cannot be sent again.';
export const INVITE_OWNER = 'You own this proposal, so you already have access to it.';
export const INVITE_HOMEOWNER =
  'This is the homeowner of this proposal; they already have access to it.';
export const SIGNED_HOMEOWNER_STAYS =
  'The homeowner has signed this proposal, so they cannot be removed from it.';
