import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT, DEFAULT_WELCOME_NOTE } from '../../../shared/defaults/texts';
import {
  draftHasWork,
  initialCreateState,
  keepStoredDraft,
  readSeed,
  replaceStoredDraft,
} from './create-initial';
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

  it("puts the account's logo on a fresh cover, never over a stored draft's choice", () => {
    const logo = {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      url: '/api/files/a1b2c3d4-0000-4000-8000-000000000001',
      originalName: 'oak-logo.png',
      contentType: 'image/png',
      size: 2048,
    };
    expect(initialCreateState(null, null, user, newKey, logo).values.companyLogo).toEqual(logo);
    expect(initialCreateState(null, null, user, newKey).values.companyLogo).toBeNull();
    expect(initialCreateState(null, stored, user, newKey, logo).values.companyLogo).toBeNull();
    // A draft only opened with the logo on its cover holds no work, nor one that only removed it
    // (a cover without a logo is what a handed-over draft brings too).
    const opened = { ...stored, values: defaultWizardValues(user, logo) };
    expect(draftHasWork(opened, user, logo)).toBe(false);
    const removed = {
      ...stored,
      values: { ...defaultWizardValues(user, logo), companyLogo: null },
    };
    expect(draftHasWork(removed, user, logo)).toBe(false);
    expect(draftHasWork(opened, user, null)).toBe(true);
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

  it('restores the stored draft under its own id, or a new one for a draft saved before ids', () => {
    expect(initialCreateState(undefined, { ...stored, id: 'd7' }, user, newKey).draftId).toBe('d7');
    const fresh = initialCreateState(undefined, stored, user, newKey).draftId;
    expect(fresh).toMatch(/\S/);
    expect(initialCreateState(undefined, stored, user, newKey).draftId).not.toBe(fresh);
  });
});

const seedState = { draft: { projectName: 'Copy of Kitchen', costGroups: [] } };

describe('a handed-over draft over a stored one (decision 0074)', () => {
  it('asks when the stored draft holds work, and keeps either on the answer', () => {
    const state = initialCreateState(seedState, { ...stored, id: 'd7' }, user, newKey);
    expect(state.replacing?.values.projectName).toBe('Stored');
    const kept = keepStoredDraft(state);
    expect(kept).toMatchObject({ source: 'draft', draftId: 'd7' });
    expect(kept.replacing).toBeUndefined();
    expect(kept.values.projectName).toBe('Stored');
    const replaced = replaceStoredDraft(state);
    expect(replaced.replacing).toBeUndefined();
    expect(replaced).toMatchObject({ source: 'seed', draftId: state.draftId });
    expect(replaced.draftId).not.toBe('d7');
    expect(replaced.values.projectName).toBe('Copy of Kitchen');
  });

  it('does not ask over a draft only opened and left', () => {
    const untouched = { ...stored, values: defaultWizardValues(user) };
    expect(initialCreateState(seedState, untouched, user, newKey).replacing).toBeUndefined();
    expect(initialCreateState(seedState, null, user, newKey).replacing).toBeUndefined();
  });

  it('counts any changed field or a begun plan as work', () => {
    const fresh = defaultWizardValues(user);
    const draft = (values: typeof fresh, groups: typeof stored.groups = []) => ({
      ...stored,
      values,
      groups,
    });
    expect(draftHasWork(draft(fresh), user)).toBe(false);
    expect(draftHasWork(draft({ ...fresh, contract: `${fresh.contract} More.` }), user)).toBe(true);
    expect(draftHasWork(draft({ ...fresh, companyName: 'Other Co' }), user)).toBe(true);
    expect(draftHasWork(draft({ ...fresh, currency: 'EUR' }), user)).toBe(true);
    const group = { key: 'g', name: '', note: '', pristine: true, images: [], items: [] };
    expect(draftHasWork(draft(fresh, [group]), user)).toBe(true);
    // Signed out the form starts without the profile's details.
    expect(draftHasWork(draft(defaultWizardValues(null)), null)).toBe(false);
    // Opened signed out and left, then Duplicate signed in: still nothing to ask about.
    expect(draftHasWork(draft(defaultWizardValues(null)), user)).toBe(false);
    // A company typed by hand is work, whoever is signed in now.
    expect(
      draftHasWork(draft({ ...defaultWizardValues(null), companyName: 'Typed Co' }), user),
    ).toBe(true);
  });
});
