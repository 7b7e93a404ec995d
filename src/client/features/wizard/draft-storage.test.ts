import { describe, expect, it } from 'vitest';
import type { EditorGroup } from '../../../shared/domain/plan-editor';
import { allSectionsVisible } from '../../../shared/schemas/proposal';
import {
  DRAFT_KEY,
  LAST_CREATED_KEY,
  clearDraft,
  loadDraft,
  parseDraft,
  rememberCreated,
  newDraftId,
  saveDraft,
} from './draft-storage';
import type { WizardValues } from './wizard-values';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const logo = {
  id: '4b0e4a53-6a36-4a44-8c43-5a1e0c0f1a11',
  url: '/api/files/4b0e4a53-6a36-4a44-8c43-5a1e0c0f1a11',
  originalName: 'logo.png',
  contentType: 'image/png',
  size: 1234,
};

const values: WizardValues = {
  companyName: 'Oak & Sons',
  projectName: 'Kitchen refresh',
  projectAddress: 'Portland, OR 97201',
  companyLogo: logo,
  introductoryNote: 'Hello',
  name: 'Dana',
  phoneNumber: '555-0100',
  personalPhoto: null,
  showLogo: false,
  currency: 'EUR',
  projectScope: 'Open the kitchen',
  teamDescription: 'Two carpenters',
  currentCondition: [logo],
  contract: 'Terms',
  sectionVisibility: { ...allSectionsVisible, contract: false },
};

const groups: EditorGroup[] = [
  {
    key: 'g1',
    name: 'Demolition',
    note: '',
    pristine: false,
    images: [],
    items: [
      {
        key: 'i1',
        name: 'Haul away',
        rawCost: '1200+350*2',
        costType: 1,
        selection: false,
        note: '',
        pristine: false,
      },
      {
        key: 'i2',
        name: '',
        rawCost: '',
        costType: null,
        selection: false,
        note: '',
        pristine: true,
      },
    ],
  },
];

describe('create draft storage', () => {
  it('round-trips every field and the plan', () => {
    const storage = memoryStorage();
    expect(saveDraft(values, groups, 'd1', storage, 42)).toBe(true);
    expect(loadDraft(storage)).toEqual({ version: 1, id: 'd1', savedAt: 42, values, groups });
    expect(storage.map.has(DRAFT_KEY)).toBe(true);
  });

  it('restores a draft saved before currencies as USD', () => {
    const { currency: _dropped, ...older } = values;
    const stored = JSON.stringify({ version: 1, savedAt: 1, values: older, groups });
    expect(parseDraft(stored)?.values.currency).toBe('USD');
  });

  it('restores a draft saved before draft ids, without one', () => {
    const stored = JSON.stringify({ version: 1, savedAt: 1, values, groups });
    expect(parseDraft(stored)?.id).toBeUndefined();
  });

  it('is cleared', () => {
    const storage = memoryStorage();
    saveDraft(values, groups, 'd1', storage);
    clearDraft(undefined, storage);
    expect(loadDraft(storage)).toBeNull();
  });

  it("is cleared by its own id only: another tab's draft stays", () => {
    const storage = memoryStorage();
    saveDraft(values, groups, 'theirs', storage);
    clearDraft('mine', storage);
    expect(loadDraft(storage)?.id).toBe('theirs');
    clearDraft('theirs', storage);
    expect(loadDraft(storage)).toBeNull();
    storage.map.set(DRAFT_KEY, JSON.stringify({ version: 1, savedAt: 1, values, groups }));
    clearDraft('mine', storage);
    expect(loadDraft(storage)).toBeNull();
  });

  it('makes a new id for every draft', () => {
    expect(newDraftId()).not.toBe(newDraftId());
  });

  it('drops anything that is not a draft of this build', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft(JSON.stringify({ version: 0, values, groups, savedAt: 1 }))).toBeNull();
    expect(
      parseDraft(
        JSON.stringify({ version: 1, savedAt: 1, values: { ...values, name: 5 }, groups }),
      ),
    ).toBeNull();
  });

  it('reports a refused write instead of throwing (full quota, §8)', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(saveDraft(values, groups, 'd1', storage)).toBe(false);
    expect(saveDraft(values, groups, 'd1', undefined)).toBe(false);
  });

  it('remembers the last created proposal id', () => {
    const storage = memoryStorage();
    rememberCreated('abc', storage);
    expect(storage.map.get(LAST_CREATED_KEY)).toBe('abc');
  });
});
