import type { CreateDraft } from './draft-storage';
import type { EditorGroup, KeyFactory } from '../../../shared/domain/plan-editor';
import type { User } from '../../../shared/schemas/auth';
import { proposalInputSchema } from '../../../shared/schemas/proposal';
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
 * What the create wizard starts with: a handed-over draft wins (the user just asked for it), then
 * the draft stored on this device, then a fresh proposal with the defaults.
 */
export function initialCreateState(
  routerState: unknown,
  stored: CreateDraft | null,
  user: Pick<User, 'name' | 'companyName' | 'phoneNumber'> | null,
  newKey: KeyFactory,
): CreateInitialState {
  const seed = readSeed(routerState);
  if (seed) {
    return {
      values: valuesFromInput(seed),
      groups: groupsFromInputs(seed.costGroups, newKey),
      source: 'seed',
    };
  }
  if (stored) return { values: stored.values, groups: stored.groups, source: 'draft' };
  return { values: defaultWizardValues(user), groups: [], source: 'fresh' };
}
