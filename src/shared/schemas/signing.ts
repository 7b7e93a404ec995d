import { z } from 'zod';
import { SIGN_BEFORE_SEND } from './signing-texts';
import type { ConflictCode } from './errors';

/*
 * Signing (docs/product/signing.md Signing overlay and Signing log, Signing) and print access. The routes and
 * the client import these, so the words beside the pad are the words stored with the signature.
 */

/**
 * Shown beside the signing pad and stored verbatim with every signature (the server stores this
 * constant, never text sent by a browser). Changing it changes what future signers agree to;
 * signatures already made keep the text they were given.
 */
export const SIGNING_CONSENT =
  'By signing, I agree to sign this proposal electronically. My electronic signature is as ' +
  'legally binding as my handwritten signature in ink, and it means I agree to this proposal as ' +
  'shown, including its plan and contract. I can get a copy of the signed proposal at any time ' +
  'with the PDF button, or by e-mailing Plansmith support.';

export const signerRoleSchema = z.enum(['contractor', 'homeowner'], {
  error: 'role: must be contractor or homeowner.',
});
export type SignerRole = z.infer<typeof signerRoleSchema>;

export const CONSENT_REQUIRED = 'Please agree to sign electronically before signing.';
export const SIGNATURE_REQUIRED = 'Please draw your signature and try again.';

/**
 * Stored as a signature's consent when the signing client sent docs/product/signing.md's bare `{fileId}` and so never
 * confirmed that it showed SIGNING_CONSENT: the log says so rather than claim a consent.
 */
export const NO_CONSENT_RECORDED =
  'No consent statement was confirmed: the signing client sent the signature alone.';

/**
 * POST /api/proposal/sign/{id}. docs/product/signing.md's form is `{fileId}` alone (the role travels with the uploaded
 * signature); our client also sends the role, the consent and the version it showed.
 */
export const signBodySchema = z.object({
  /** The signature PNG uploaded by the caller through /api/proposal/photo-upload (field signature). */
  fileId: z.uuid(SIGNATURE_REQUIRED),
  /** When absent, the kind of the uploaded signature file decides. */
  role: signerRoleSchema.optional(),
  /**
   * The signer accepted SIGNING_CONSENT; when present anything but true is refused. When absent
   * the signature is stored with NO_CONSENT_RECORDED.
   */
  consent: z.literal(true, { error: CONSENT_REQUIRED }).optional(),
  /**
   * The proposal version the signer was shown (`Proposal.version`). If the proposal changed since,
   * signing is refused with PROPOSAL_CHANGED, so nobody signs content they did not see. When
   * absent, the version current under the proposal's lock is signed (and hashed in the log).
   */
  version: z
    .number({ error: 'version: the proposal version shown is required.' })
    .int()
    .positive()
    .optional(),
});
export type SignBody = z.input<typeof signBodySchema>;

export const signReplySchema = z.object({ signedAt: z.number() });
export type SignReply = z.infer<typeof signReplySchema>;

/** POST /api/proposal/log */
export const logBodySchema = z.object({ proposalId: z.uuid('Unknown id.') });

export const logEntrySchema = z.object({
  ip: z.string(),
  name: z.string(),
  email: z.string(),
  /** URL of the signature image. */
  signature: z.string(),
  signedAt: z.number(),
  /** The signer's last sign-in before signing (ms), null if never recorded. */
  lastLoginAt: z.number().nullable(),
  userAgent: z.string(),
  /** SHA-256 (hex) of the canonical JSON of the proposal content as signed. */
  contentHash: z.string(),
  /** The consent statement the signer accepted. */
  consent: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const signingLogSchema = z.object({
  contractor: logEntrySchema.nullable(),
  homeowner: logEntrySchema.nullable(),
  /** The same hash computed over the proposal's content now. */
  currentHash: z.string(),
  /** Whether the content still is what each party signed; null for a party that has not signed. */
  matches: z.object({ contractor: z.boolean().nullable(), homeowner: z.boolean().nullable() }),
  /** Signatures withdrawn by an edit after signing (decision 0009), oldest first. */
  withdrawn: z.array(logEntrySchema.extend({ role: signerRoleSchema, withdrawnAt: z.number() })),
});
export type SigningLog = z.infer<typeof signingLogSchema>;

/** docs/product/signing.md log date format, in dayjs syntax ('at' is bracketed: `a` is dayjs's am/pm token). */
export const LOG_DATE_FORMAT = 'MMMM D, YYYY [at] hh:mm:ss';

/** POST /api/proposal/{id}/print-access: sets the print cookie; open `url` and print. */
export const printAccessReplySchema = z.object({ url: z.string() });
export type PrintAccessReply = z.infer<typeof printAccessReplySchema>;

// ---- who may sign (docs/product/signing.md), one rule for the API and the action bars ------------------------------

export { SIGN_BEFORE_SEND };
export const ALREADY_SIGNED = 'Already signed.';
export const NOT_THE_HOMEOWNER =
  'Only the homeowner this proposal was sent to can sign in the homeowner block.';
export const NOT_THE_CONTRACTOR =
  'Only the contractor who owns this proposal can sign in the contractor block.';
export const PROPOSAL_CHANGED =
  'This proposal changed since you opened it. Please reload it and review it before signing.';
export const SIGNATURE_EMPTY = 'The signature is empty. Please draw your signature.';
export const SIGNATURE_UNAVAILABLE =
  'This signature image cannot be used. Please draw your signature again.';

export interface SignFacts {
  /** The block the caller signs in. */
  role: SignerRole;
  /** The caller's account role. */
  userRole: 'contractor' | 'homeowner';
  /** The caller's access to the proposal (`Proposal.access.role`). */
  access: 'owner' | 'homeowner' | 'invitee' | 'public';
  sent: boolean;
  signedByContractor: boolean;
  signedByHomeowner: boolean;
}

export interface SignRefusal {
  status: 403 | 409;
  message: string;
  /** A 409's code (decision 0077). */
  code?: ConflictCode;
}

/**
 * docs/product/signing.md: the homeowner signs only as the proposal's homeowner (the account it
 * was sent to, a contractor's too: decision 0093) and only once; the contractor only as its owner
 * (a contractor account), only after sending, and only once. Null when signing is allowed.
 */
export function signRefusal(f: SignFacts): SignRefusal | null {
  switch (f.role) {
    case 'homeowner':
      if (f.access !== 'homeowner') return { status: 403, message: NOT_THE_HOMEOWNER };
      if (f.signedByHomeowner)
        return { status: 409, message: ALREADY_SIGNED, code: 'already_signed' };
      return null;
    case 'contractor':
      if (f.access !== 'owner' || f.userRole !== 'contractor')
        return { status: 403, message: NOT_THE_CONTRACTOR };
      if (!f.sent) return { status: 409, message: SIGN_BEFORE_SEND, code: 'sign_before_send' };
      if (f.signedByContractor)
        return { status: 409, message: ALREADY_SIGNED, code: 'already_signed' };
      return null;
  }
}
