/*
 * What this browser keeps of the create wizard between visits (wizard/draft-storage.ts): the
 * draft, and the id of the proposal it last created. Kept apart from the draft's parsing, so the
 * sign-out can forget them without loading the wizard's schemas.
 */

export const DRAFT_KEY = 'plansmith.createDraft';
export const LAST_CREATED_KEY = 'plansmith.lastCreatedProposal';

/**
 * Forgets both at sign-out: a draft belongs to whoever typed it, and the next person at this
 * browser must not find it restored on /create/ (review 23).
 */
export function forgetLocalDrafts(): void {
  try {
    window.localStorage.removeItem(DRAFT_KEY);
    window.localStorage.removeItem(LAST_CREATED_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept either.
  }
}
