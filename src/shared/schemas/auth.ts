import { z } from 'zod';

export const EMAIL_ERROR = 'Please enter a valid email address.';
export const NAME_ERROR = 'Please enter your name.';

// A standard address: something@domain.tld, no spaces, one @.
const EMAIL_PATTERN =
  /^[^\s@"<>()[\]\\,;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

/** docs/product/auth.md: addresses are lower-cased before sign-in, sign-up and sending. */
export const emailSchema = z
  .string({ error: EMAIL_ERROR })
  .trim()
  .toLowerCase()
  .refine(isValidEmail, EMAIL_ERROR);

export const roleSchema = z.enum(['contractor', 'homeowner']);
export type Role = z.infer<typeof roleSchema>;

export const redirectSchema = z.string().max(2000).optional();

/** A proposal created while logged out, to be claimed by this sign-in (docs/product/sending.md /proposal/login/{id}). */
const proposalIdSchema = z.uuid('This proposal link is not valid.').optional();

export const signinBodySchema = z.object({
  email: emailSchema,
  redirect: redirectSchema,
  proposalId: proposalIdSchema,
});
export type SigninBody = z.infer<typeof signinBodySchema>;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

export const signupBodySchema = z.object({
  email: emailSchema,
  name: text(120).min(1, NAME_ERROR),
  phoneNumber: text(40).default(''),
  companyName: text(160).default(''),
  // docs/product/auth.md: the sign-up payload always has role contractor.
  role: z
    .literal('contractor', { error: 'Only contractors can sign up here.' })
    .default('contractor'),
  redirect: redirectSchema,
  proposalId: proposalIdSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/**
 * POST /api/authorization/logout: no body (or `{}`) ends this browser's session; `everywhere`
 * ends every session of the user (decision 0089). Strict, so a misspelt `everywhere` is a 400
 * rather than a log-out that quietly leaves the other devices signed in.
 */
export const logoutBodySchema = z.strictObject({ everywhere: z.boolean().default(false) });
export type LogoutBody = z.input<typeof logoutBodySchema>;

/** How many sessions the log-out ended: 0 when there was none, all of the user's everywhere. */
export const logoutReplySchema = z.object({
  ok: z.literal(true),
  sessionsEnded: z.number().int().min(0),
});

export const verifyBodySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This login link is not valid.'),
});

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  companyName: z.string(),
  role: roleSchema,
  reassign: z.enum(['granted']).nullable(),
  companyLogo: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/**
 * A proposal made logged out that this link may add to the account but did not (the link was
 * opened in a browser other than the one that created it): the page asks first (claim.ts).
 */
export const pendingClaimSchema = z.object({ proposalId: z.string(), projectName: z.string() });
export type PendingClaim = z.infer<typeof pendingClaimSchema>;

export const verifyReplySchema = z.object({
  user: userSchema,
  redirect: z.string(),
  pendingClaim: pendingClaimSchema.nullable().default(null),
});
export type VerifyReply = z.input<typeof verifyReplySchema>;

/** POST /api/authorization/claim: 'Add to my account' after such a link. */
export const claimBodySchema = z.object({ proposalId: z.uuid('Unknown id.') });
export const claimReplySchema = z.object({ redirect: z.string() });
export type ClaimReply = z.infer<typeof claimReplySchema>;
export const meReplySchema = z.object({ user: userSchema.nullable() });
