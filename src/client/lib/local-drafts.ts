/*
 * What this browser keeps of the create wizard between visits (wizard/draft-storage.ts): the
 * draft, and the id of the proposal it last created. Kept apart from the draft's parsing, so the
 * sign-out can forget them without loading the wizard's schemas.
 */

export const DRAFT_KEY = 'plansmith.createDraft';
export const LAST_CREATED_KEY = 'plansmith.lastCreatedProposal';
/** Written at each sign-out: other tabs of this browser hear it (a storage event) and stop saving. */
export const SIGNED_OUT_KEY = 'plansmith.signedOut';

/**
 * Forgets both at sign-out: a draft belongs to whoever typed it, and the next person at this
 * browser must not find it restored on /create/ (review 23).
 */
export function forgetLocalDrafts(): void {
  try {
    // First, so that a /create tab open beside this one stops saving before the draft goes: told
    // of the removal alone, it would store the draft it holds again (decision 0074).
    window.localStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
    window.localStorage.removeItem(DRAFT_KEY);
    window.localStorage.removeItem(LAST_CREATED_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept either.
  }
}
