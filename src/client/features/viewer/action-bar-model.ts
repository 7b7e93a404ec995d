import { formatDate, isResend } from '../../../shared/domain/status';
import type { ProposalAccess, ProposalEvents } from '../../../shared/schemas/proposal';
import { SIGN_BEFORE_SEND } from '../../../shared/schemas/signing-texts';

/*
 * The proposal view's action bar (docs/product/viewer.md, docs/product/roles.md) as a pure function of who is looking and the events.
 *
 * Contractor (the owner):
 * - 'Send' while not sent and not signed by the homeowner; after sending a disabled
 *   'Sent on {date}'; 'Resend' in its place when edited after sending and not homeowner-signed;
 *   'Send' again once the homeowner it was sent to has been removed (nobody to resend to).
 * - 'Sign' ('Sign again' after an edit withdrew the signature, decision 0009) is disabled until
 *   sent (trying shows SIGN_BEFORE_SEND); once the contractor has signed,
 *   a disabled 'Signed' (both signed) or 'Awaiting {homeowner name or homeowner} signature'.
 * Homeowner: 'Sign' until they signed, then 'Signed' or 'Awaiting {contractor name} signature'.
 * PDF: the owner and members (docs/product/roles.md: not logged out). 'Send Proposal': everyone, logged out too
 * (decision 0010).
 * Invited members and public readers sign nothing.
 */

export { SIGN_BEFORE_SEND };
/** Shown under SIGN_BEFORE_SEND: what to do about it. */
export const SIGN_BEFORE_SEND_DETAIL =
  'Send the proposal to the homeowner first; you can sign it as soon as it has been sent.';

/** Beside 'Send Proposal' (decision 0023): what it does, so it is not taken for 'Send'. */
export const SEND_PROPOSAL_HINT = 'Copy into a new proposal';
/** Why 'Sign' is blocked before sending, on focus and hover (decision 0023). */
export const SIGN_BLOCKED_REASON = 'You can sign once the proposal has been sent to the homeowner.';

export type BarActionId = 'send' | 'resend' | 'sent' | 'sign' | 'signed' | 'pdf' | 'send-proposal';

export interface BarAction {
  id: BarActionId;
  label: string;
  /** A disabled action is still shown: 'Sent on …', 'Signed', or 'Sign' before sending. */
  enabled: boolean;
}

export interface ActionBarFacts {
  role: ProposalAccess['role'];
  signedIn: boolean;
  events: ProposalEvents;
  /** The homeowner's name once known (GET /api/proposal/homeowner/{id}). */
  homeownerName: string | null;
  /** The contractor's name (the owner's account name, else the name on the proposal). */
  contractorName: string | null;
  /** The contractor's signature was withdrawn by an edit (decision 0009): 'Sign again'. */
  contractorWithdrew?: boolean;
  /** Sent, but its homeowner has been removed since: 'Send' to someone else. */
  homeownerGone?: boolean;
}

const named = (name: string | null, fallback: string) => name?.trim() || fallback;

function contractorActions(facts: ActionBarFacts): BarAction[] {
  const { events } = facts;
  const homeownerSigned = events.signedByHomeowner !== null;
  const actions: BarAction[] = [];

  if (events.sent === null || facts.homeownerGone) {
    if (!homeownerSigned) actions.push({ id: 'send', label: 'Send', enabled: true });
  } else if (isResend(events) && !homeownerSigned) {
    actions.push({ id: 'resend', label: 'Resend', enabled: true });
  } else {
    actions.push({ id: 'sent', label: `Sent on ${formatDate(events.sent)}`, enabled: false });
  }

  if (events.signedByContractor !== null) {
    const label = homeownerSigned
      ? 'Signed'
      : `Awaiting ${named(facts.homeownerName, 'homeowner')} signature`;
    actions.push({ id: 'signed', label, enabled: false });
  } else {
    const label = facts.contractorWithdrew ? 'Sign again' : 'Sign';
    actions.push({ id: 'sign', label, enabled: events.sent !== null });
  }
  return actions;
}

function homeownerActions(facts: ActionBarFacts): BarAction[] {
  const { events } = facts;
  if (events.signedByHomeowner === null) return [{ id: 'sign', label: 'Sign', enabled: true }];
  const label =
    events.signedByContractor !== null
      ? 'Signed'
      : `Awaiting ${named(facts.contractorName, 'contractor')} signature`;
  return [{ id: 'signed', label, enabled: false }];
}

const SEND_PROPOSAL: BarAction = { id: 'send-proposal', label: 'Send Proposal', enabled: true };

export function actionBar(facts: ActionBarFacts): BarAction[] {
  if (!facts.signedIn) return [SEND_PROPOSAL];
  const actions: BarAction[] = [];
  switch (facts.role) {
    case 'owner':
      actions.push(...contractorActions(facts));
      break;
    case 'homeowner':
      actions.push(...homeownerActions(facts));
      break;
    case 'invitee':
    case 'public':
      break;
  }
  // The printable page is for the proposal's people (owner and members), not public readers.
  if (facts.role !== 'public') {
    actions.push({ id: 'pdf', label: 'PDF', enabled: true });
  }
  actions.push(SEND_PROPOSAL);
  return actions;
}

const isStep = (action: BarAction) =>
  action.id === 'send' || action.id === 'resend' || action.id === 'sign';
const isFact = (action: BarAction) => action.id === 'sent' || action.id === 'signed';

/**
 * The bar on a phone keeps one row (decision 0023): the steps to take (Send, Resend, Sign), or
 * when there is none the latest fact ('Signed', 'Awaiting … signature', else 'Sent on …'), stay
 * in the row; the rest (an earlier fact, PDF, Send Proposal) goes into the 'More' menu. A bar of
 * utilities only (logged out, invitees) keeps them all in the row.
 */
export function phoneLayout(actions: BarAction[]): { row: BarAction[]; more: BarAction[] } {
  let row = actions.filter(isStep);
  if (row.length === 0) row = actions.filter(isFact).slice(-1);
  if (row.length === 0) return { row: actions, more: [] };
  return { row, more: actions.filter((action) => !row.includes(action)) };
}
