import type { CostGroup, CostItem, Proposal } from '../../../shared/schemas/proposal';

/* Test data for the viewer's pure functions: a complete proposal with overrides. */

let counter = 0;
const nextId = () => `id-${++counter}`;

export function makeItem(overrides: Partial<CostItem> = {}): CostItem {
  const id = overrides.id ?? nextId();
  return {
    id,
    _id: id,
    name: 'Item',
    costCents: 100_00,
    rawCost: '100',
    costType: 1,
    selection: false,
    note: '',
    optionCount: 0,
    ...overrides,
  };
}

export function makeGroup(overrides: Partial<CostGroup> = {}): CostGroup {
  const id = overrides.id ?? nextId();
  return { id, _id: id, name: 'Group', note: '', values: [], images: [], ...overrides };
}

export function makeProposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    _id: 'p1',
    proposalId: 'p1',
    version: 1,
    ownerName: 'Dana Reyes',
    companyName: '',
    projectName: '',
    projectAddress: '',
    introductoryNote: '',
    name: '',
    phoneNumber: '',
    projectScope: '',
    teamDescription: '',
    contract: '',
    date: Date.UTC(2026, 10, 3, 12),
    showLogo: true,
    currency: 'USD',
    isPublic: false,
    signed: false,
    edited: false,
    personalPhoto: null,
    companyLogo: null,
    currentCondition: [],
    sectionVisibility: {
      cover: true,
      welcome: true,
      bigpicture: true,
      plan: true,
      shoppinglist: true,
      contract: true,
    },
    events: {
      created: Date.UTC(2026, 10, 1, 12),
      sent: null,
      edited: null,
      signedByContractor: null,
      signedByHomeowner: null,
    },
    costGroups: [],
    homeownerSignature: null,
    contractorsSignature: null,
    access: { role: 'owner', canEdit: true },
    ...overrides,
  };
}
