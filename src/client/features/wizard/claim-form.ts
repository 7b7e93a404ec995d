import { z } from 'zod';
import type { SigninBody, SignupBody } from '../../../shared/schemas/auth';
import { paths } from '../../../shared/paths';
import { ApiRequestError } from '../../lib/api';
import {
  emailFieldError,
  toSigninBody,
  toSignupBody,
  type SignupFormValues,
} from '../auth/auth-form';

/*
 * /proposal/signup/{id}/ and /proposal/login/{id}/ (docs/product/sending.md): a proposal made logged out is claimed
 * by confirming an e-mail. The server ties the proposal to that account from this browser's claim
 * cookie; the e-mailed link then opens the proposal.
 */

export type ClaimMode = 'signup' | 'login';

export function claimModeFromPath(pathname: string): ClaimMode {
  return /^\/proposal\/signup(\/|$)/i.test(pathname) ? 'signup' : 'login';
}

export function claimModeHref(mode: ClaimMode, id: string): string {
  return mode === 'signup' ? paths.proposalSignup(id) : paths.proposalLogin(id);
}

/** docs/product/sending.md 'View Proposal': disabled on an e-mail error or an empty e-mail; sign-up also needs a name. */
export function isViewProposalDisabled(state: {
  mode: ClaimMode;
  email: string;
  name: string;
  pending: boolean;
}): boolean {
  if (state.pending) return true;
  if (state.email.trim() === '' || emailFieldError(state.email) !== undefined) return true;
  return state.mode === 'signup' && state.name.trim() === '';
}

export function toClaimSignupBody(values: SignupFormValues, proposalId: string): SignupBody {
  return { ...toSignupBody(values, paths.proposal(proposalId)), proposalId };
}

export function toClaimSigninBody(email: string, proposalId: string): SigninBody {
  return { ...toSigninBody(email, paths.proposal(proposalId)), proposalId };
}

/** A sign-up 400 (other than the bare '400' that falls back to sign-in) means the e-mail is taken. */
export function isEmailTaken(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 400 && error.message !== '400';
}

/**
 * What the create page hands over: the contractor details typed in the wizard, to prefill; and
 * what the claim page hands itself when switching between signing up and logging in (the e-mail
 * typed too, so that 'Log in with this email instead' means it).
 */
const claimStateSchema = z.object({
  email: z.string().max(254).optional(),
  name: z.string().max(120).optional(),
  phoneNumber: z.string().max(40).optional(),
  companyName: z.string().max(160).optional(),
});
export type ClaimState = z.infer<typeof claimStateSchema>;

export function readClaimState(state: unknown): ClaimState {
  const parsed = claimStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

/** What the claim page hands to /proposal/sent/{id}/. */
const sentStateSchema = z.object({
  email: z.string().min(1).max(254).optional(),
  /** 'created': a proposal was just created (a link to it was sent); 'sent': sent to a client. */
  kind: z.enum(['created', 'sent']).optional(),
});
export type SentState = z.infer<typeof sentStateSchema>;

export function readSentState(state: unknown): SentState {
  const parsed = sentStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}
