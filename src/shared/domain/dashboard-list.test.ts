import { describe, expect, it } from 'vitest';
import type { ProposalEvents } from '../schemas/proposal';
import { proposalListQuerySchema } from '../schemas/proposal';
import { editedSinceSent, lastUpdated, listStatusOf, searchWords } from './dashboard-list';

const events = (overrides: Partial<ProposalEvents> = {}): ProposalEvents => ({
  created: 100,
  sent: null,
  edited: null,
  signedByContractor: null,
  signedByHomeowner: null,
  ...overrides,
});

describe('listStatusOf: the filter a proposal falls under is its label', () => {
  it('is not-sent while unsent, awaiting once sent, signed once both have signed', () => {
    expect(listStatusOf(events())).toBe('not-sent');
    expect(listStatusOf(events({ edited: 200 }))).toBe('not-sent');
    expect(listStatusOf(events({ sent: 200 }))).toBe('awaiting');
    expect(listStatusOf(events({ sent: 200, signedByHomeowner: 300 }))).toBe('awaiting');
    expect(listStatusOf(events({ sent: 200, signedByContractor: 300 }))).toBe('awaiting');
    expect(
      listStatusOf(events({ sent: 200, signedByContractor: 300, signedByHomeowner: 250 })),
    ).toBe('signed');
  });
});

describe('lastUpdated', () => {
  it('is the latest of creation, edit, sending and signatures', () => {
    expect(lastUpdated(events())).toBe(100);
    expect(lastUpdated(events({ edited: 150 }))).toBe(150);
    expect(lastUpdated(events({ edited: 150, sent: 140 }))).toBe(150);
    expect(
      lastUpdated(events({ sent: 200, signedByHomeowner: 400, signedByContractor: 300 })),
    ).toBe(400);
  });
});

describe('editedSinceSent', () => {
  it('holds when the last edit is after the sending and the homeowner has not signed', () => {
    expect(editedSinceSent(events({ sent: 200, edited: 300 }))).toBe(true);
    expect(editedSinceSent(events({ sent: 200, edited: 300, signedByContractor: 350 }))).toBe(true);
  });
  it('does not hold unsent, resent after the edit, or signed by the homeowner', () => {
    expect(editedSinceSent(events({ edited: 300 }))).toBe(false);
    expect(editedSinceSent(events({ sent: 300, edited: 300 }))).toBe(false);
    expect(editedSinceSent(events({ sent: 400, edited: 300 }))).toBe(false);
    expect(editedSinceSent(events({ sent: 200, edited: 300, signedByHomeowner: 350 }))).toBe(false);
  });
});

describe('searchWords', () => {
  it('lower-cases, splits on spaces, keeps each word once and at most eight', () => {
    expect(searchWords('  Smith   KITCHEN smith ')).toEqual(['smith', 'kitchen']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('the list query', () => {
  it('takes the known values and refuses others and unknown parameters', () => {
    expect(proposalListQuerySchema.parse({})).toMatchObject({ limit: 25, archived: false, q: '' });
    expect(
      proposalListQuerySchema.parse({ status: 'awaiting', sort: 'project', q: ' deck ' }),
    ).toMatchObject({ status: 'awaiting', sort: 'project', q: 'deck' });
    expect(proposalListQuerySchema.safeParse({ status: 'sent' }).success).toBe(false);
    expect(proposalListQuerySchema.safeParse({ sort: 'name' }).success).toBe(false);
    expect(proposalListQuerySchema.safeParse({ page: '2' }).success).toBe(false);
  });
});
