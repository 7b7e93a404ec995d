import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT, DEFAULT_WELCOME_NOTE } from '../../../shared/defaults/texts';
import { initialCreateState, readSeed } from './create-initial';
import type { CreateDraft } from './draft-storage';
import { defaultWizardValues } from './wizard-values';

let n = 0;
const newKey = () => `k${++n}`;
const user = { name: 'Dana Ortiz', companyName: 'Oak & Sons', phoneNumber: '555-0100' };

const stored: CreateDraft = {
  version: 1,
  savedAt: 1,
  values: { ...defaultWizardValues(null), projectName: 'Stored' },
  groups: [],
};

describe('initialCreateState', () => {
  it('starts fresh with the default note, contract and the user details', () => {
    const state = initialCreateState(null, null, user, newKey);
    expect(state.source).toBe('fresh');
    expect(state.values.introductoryNote).toBe(DEFAULT_WELCOME_NOTE);
    expect(state.values.contract).toBe(DEFAULT_CONTRACT);
    expect(state.values.companyName).toBe('Oak & Sons');
    expect(state.values.name).toBe('Dana Ortiz');
    expect(Object.values(state.values.sectionVisibility).every(Boolean)).toBe(true);
    expect(state.groups).toEqual([]);
  });

  it('restores the stored draft', () => {
    const state = initialCreateState(undefined, stored, user, newKey);
    expect(state.source).toBe('draft');
    expect(state.values.projectName).toBe('Stored');
  });

  it('prefers a handed-over draft, without files or ids', () => {
    const state = initialCreateState(
      {
        draft: {
          projectName: 'Copy of Kitchen',
          contract: 'Terms',
          companyLogoId: '4b0e4a53-6a36-4a44-8c43-5a1e0c0f1a11',
          costGroups: [
            {
              id: 'old-group',
              name: 'Demolition',
              imageIds: ['4b0e4a53-6a36-4a44-8c43-5a1e0c0f1a11'],
              values: [{ id: 'old-item', name: 'Haul away', rawCost: '1200', costType: 1 }],
            },
          ],
        },
      },
      stored,
      user,
      newKey,
    );
    expect(state.source).toBe('seed');
    expect(state.values.projectName).toBe('Copy of Kitchen');
    expect(state.values.contract).toBe('Terms');
    expect(state.values.companyLogo).toBeNull();
    const [group] = state.groups;
    expect(group?.id).toBeUndefined();
    expect(group?.images).toEqual([]);
    expect(group?.items.map((i) => i.name)).toEqual(['Haul away', '']);
    expect(group?.items[0]).toMatchObject({ rawCost: '1200', costType: 1, pristine: false });
    expect(group?.items[0]?.id).toBeUndefined();
    expect(group?.items[1]?.pristine).toBe(true);
  });

  it('ignores router state that is not a draft', () => {
    expect(readSeed({ draft: { costGroups: 'nope' } })).toBeNull();
    expect(readSeed('x')).toBeNull();
    expect(initialCreateState({ other: 1 }, null, null, newKey).source).toBe('fresh');
  });
});
