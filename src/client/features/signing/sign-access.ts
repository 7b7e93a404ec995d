import { paths, proposalViewPath } from '../../../shared/paths';
import type { Role } from '../../../shared/schemas/auth';
import type { Proposal } from '../../../shared/schemas/proposal';
import { SIGN_BEFORE_SEND, signRefusal, type SignerRole } from '../../../shared/schemas/signing';
import type { ViewerKind } from '../viewer/tabs';

/*
 * What /proposal/sign/{id}/ does for this caller (docs/product/signing.md Signing), from the shared rule the API uses
 * (`signRefusal`):
 * - allowed: the proposal with the overlay open; closing returns to the caller's view;
 * - a contractor before sending: the alert, then back to the proposal;
 * - a homeowner who already signed, and anyone else who may not sign: to their view.
 */

export type SignDecision =
  | { kind: 'sign'; role: SignerRole; view: ViewerKind; closeTo: string }
  | { kind: 'alert'; message: string; view: ViewerKind; backTo: string }
  | { kind: 'redirect'; to: string };

export function signDecision(
  p: Pick<Proposal, '_id' | 'access' | 'events'>,
  userRole: Role,
): SignDecision {
  const id = p._id;
  const access = p.access.role;
  const role: SignerRole | null =
    access === 'owner' ? 'contractor' : access === 'homeowner' ? 'homeowner' : null;
  // The caller's own view of it, by their relation to it (decision 0093).
  const own = proposalViewPath(id, access);
  if (role === null) return { kind: 'redirect', to: own };

  const view: ViewerKind = role === 'homeowner' ? 'received' : 'contractor';
  const home = role === 'homeowner' ? paths.proposalReceived(id) : paths.proposal(id);
  const refusal = signRefusal({
    role,
    userRole,
    access,
    sent: p.events.sent !== null,
    signedByContractor: p.events.signedByContractor !== null,
    signedByHomeowner: p.events.signedByHomeowner !== null,
  });
  if (refusal === null) return { kind: 'sign', role, view, closeTo: home };
  if (refusal.message === SIGN_BEFORE_SEND) {
    return { kind: 'alert', message: SIGN_BEFORE_SEND, view, backTo: home };
  }
  return { kind: 'redirect', to: refusal.status === 403 ? own : home };
}
