import { newDraftId, type CreateDraft } from './draft-storage';
import type { EditorGroup, KeyFactory } from '../../../shared/domain/plan-editor';
import type { User } from '../../../shared/schemas/auth';
import { proposalInputSchema, type FileRef } from '../../../shared/schemas/proposal';
import {
  defaultWizardValues,
  groupsFromInputs,
  valuesFromInput,
  type WizardValues,
} from './wizard-values';

export interface CreateInitialState {
  values: WizardValues;
  groups: EditorGroup[];
  /** Where the form came from: a handed-over draft, the stored draft, or nothing. */
  source: 'seed' | 'draft' | 'fresh';
  /** The id the form's draft is stored under (decision 0074). */
  draftId: string;
  /**
   * A handed-over draft would replace this stored one, which holds work: the page asks first
   * (decision 0074).
   */
  replacing?: CreateDraft;
}

/**
 * Whether a stored draft holds anything the person did: a field changed from what a fresh
 * create form shows, or a plan begun. A draft only opened and left is not work, whether it was
 * opened signed in (the profile's name, company and phone filled in, perhaps since changed) or
 * signed out (those blank).
 */
export function draftHasWork(
  draft: CreateDraft,
  user: Pick<User, 'name' | 'companyName' | 'phoneNumber'> | null,
  accountLogo: FileRef | null = null,
): boolean {
  if (draft.groups.length > 0) return true;
  const fresh = [defaultWizardValues(user, accountLogo), defaultWizardValues(null)];
  return (Object.keys(fresh[0]!) as (keyof WizardValues)[]).some((key) => {
    const value = JSON.stringify(draft.values[key]);
    return fresh.every((form) => value !== JSON.stringify(form[key]));
  });
}

/** The stored draft, chosen over a handed-over one the page asked about. */
export function keepStoredDraft(state: CreateInitialState): CreateInitialState {
  const stored = state.replacing;
  if (!stored) return state;
  return {
    values: stored.values,
    groups: stored.groups,
    source: 'draft',
    draftId: stored.id ?? newDraftId(),
  };
}

/** The handed-over draft, chosen over the stored one: it gets an id of its own. */
export function replaceStoredDraft(state: CreateInitialState): CreateInitialState {
  const { replacing: _replaced, ...seed } = state;
  return seed;
}

/** A draft handed over in router state by Duplicate or 'Send Proposal' (docs/product/proposals-editor.md): `{ draft }`. */
export function readSeed(routerState: unknown) {
  if (typeof routerState !== 'object' || routerState === null || !('draft' in routerState)) {
    return null;
  }
  const parsed = proposalInputSchema.safeParse(routerState.draft);
  return parsed.success ? parsed.data : null;
}

/**
 * What the create wizard starts with: a handed-over draft wins (the user just asked for it, but
 * over a stored draft with work in it only once they say so), then the draft stored on this
 * device, then a fresh proposal with the defaults.
 */
export function initialCreateState(
  routerState: unknown,
  stored: CreateDraft | null,
  user: Pick<User, 'name' | 'companyName' | 'phoneNumber'> | null,
  newKey: KeyFactory,
  /** The account's company logo, which a fresh proposal's cover borrows. */
  accountLogo: FileRef | null = null,
): CreateInitialState {
  const seed = readSeed(routerState);
  if (seed) {
    return {
      values: valuesFromInput(seed),
      groups: groupsFromInputs(seed.costGroups, newKey),
      source: 'seed',
      draftId: newDraftId(),
      ...(stored && draftHasWork(stored, user, accountLogo) ? { replacing: stored } : {}),
    };
  }
  if (stored) {
    return {
      values: stored.values,
      groups: stored.groups,
      source: 'draft',
      draftId: stored.id ?? newDraftId(),
    };
  }
  return {
    values: defaultWizardValues(user, accountLogo),
    groups: [],
    source: 'fresh',
    draftId: newDraftId(),
  };
}
