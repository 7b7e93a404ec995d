import { describe, expect, it } from 'vitest';
import type { ProposalListItem } from '../../../shared/schemas/proposal';
import {
  absoluteUrl,
  listItems,
  preparedBy,
  proposalHref,
  proposalTitle,
  rowNames,
  UNTITLED_PROJECT,
  waitingLine,
} from './row-model';
import { formatDate } from '../../../shared/domain/status';

const ID = '7d0c1f5e-5c3b-4f43-9a39-0d6c5a1b2c3d';

function item(overrides: Partial<ProposalListItem> = {}): ProposalListItem {
  return {
    _id: ID,
    name: 'Dana Ortiz',
    projectName: 'Maple St. kitchen',
    events: {
      created: 1,
      sent: null,
      edited: null,
      signedByContractor: null,
      signedByHomeowner: null,
    },
    status: { label: 'Created', date: 1 },
    shoppingPercent: null,
    isPublic: false,
    signed: false,
    archived: false,
    access: { role: 'owner', canEdit: true },
    waiting: { pending: [], homeownerSignedAt: null, notOpened: false },
    ...overrides,
  };
}

describe('proposalHref', () => {
  it('opens the contractor view for the owner', () => {
    expect(proposalHref(item())).toBe(`/proposal/${ID}/`);
  });

  it('opens the received view for the homeowner, a contractor too (decision 0093)', () => {
    expect(proposalHref(item({ access: { role: 'homeowner', canEdit: false } }))).toBe(
      `/proposal/received/${ID}/`,
    );
  });

  it('opens the received view for an invitee, whatever their account', () => {
    expect(proposalHref(item({ access: { role: 'invitee', canEdit: false } }))).toBe(
      `/proposal/received/${ID}/`,
    );
  });

  it('opens a public reader on the contractor view, as its link does', () => {
    expect(proposalHref(item({ access: { role: 'public', canEdit: false } }))).toBe(
      `/proposal/${ID}/`,
    );
  });
});

describe('proposalTitle and preparedBy', () => {
  it('falls back to Untitled Project', () => {
    expect(proposalTitle(item({ projectName: '   ' }))).toBe(UNTITLED_PROJECT);
    expect(UNTITLED_PROJECT).toBe('Untitled Project');
    expect(proposalTitle(item())).toBe('Maple St. kitchen');
  });

  it('gives null for an empty contractor name', () => {
    expect(preparedBy(item({ name: ' ' }))).toBeNull();
    expect(preparedBy(item({ name: ' Dana ' }))).toBe('Dana');
  });
});

describe('listItems', () => {
  it('joins pages and keeps an item seen twice once', () => {
    const a = item({ _id: 'a' });
    const b = item({ _id: 'b' });
    const c = item({ _id: 'c' });
    expect(listItems([{ items: [a, b] }, { items: [b, c] }]).map((i) => i._id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('absoluteUrl', () => {
  it('resolves a path against the origin and keeps a full URL', () => {
    expect(absoluteUrl(`/proposal/${ID}/`, 'https://app.test')).toBe(
      `https://app.test/proposal/${ID}/`,
    );
    expect(absoluteUrl('https://other.test/x', 'https://app.test')).toBe('https://other.test/x');
  });
});

describe('waitingLine (decision 0019)', () => {
  const homeowner = (you = false) => ({ role: 'homeowner' as const, name: 'Sam Lee', you });
  const contractor = (you = false) => ({ role: 'contractor' as const, name: 'Dana Ortiz', you });
  const signedAt = Date.UTC(2026, 10, 24, 12);
  const waiting = (
    pending: ProposalListItem['waiting']['pending'],
    more: Partial<ProposalListItem['waiting']> = {},
  ) => item({ waiting: { pending, homeownerSignedAt: null, notOpened: false, ...more } });

  it('tells the owner of a proposal whose homeowner was removed to send it again', () => {
    const sent = { ...item().events, sent: 2 };
    const removed = (role: 'owner' | 'invitee', pending: ProposalListItem['waiting']['pending']) =>
      item({
        events: sent,
        access: { role, canEdit: role === 'owner' },
        waiting: { pending, homeownerSignedAt: null, notOpened: false },
      });
    expect(waitingLine(removed('owner', [contractor(true)]))).toBe(
      'Its homeowner was removed · send it again',
    );
    expect(waitingLine(removed('owner', []))).toBe('Its homeowner was removed · send it again');
    expect(waitingLine(removed('invitee', [contractor()]))).toBe("Awaiting Dana Ortiz's signature");
    // Not sent yet: nobody was removed.
    expect(
      waitingLine(item({ waiting: { pending: [], homeownerSignedAt: null, notOpened: false } })),
    ).toBeNull();
  });

  it('says nothing before sending or once both signed', () => {
    expect(waitingLine(waiting([]))).toBeNull();
  });
  it('names the homeowner for the contractor, and says when they never opened it', () => {
    expect(waitingLine(waiting([homeowner(), contractor(true)]))).toBe(
      "Awaiting Sam Lee's signature",
    );
    expect(waitingLine(waiting([homeowner(), contractor(true)], { notOpened: true }))).toBe(
      "Awaiting Sam Lee's signature · Not opened yet",
    );
  });
  it('tells the contractor when the homeowner signed', () => {
    expect(waitingLine(waiting([contractor(true)], { homeownerSignedAt: signedAt }))).toBe(
      `Homeowner signed ${formatDate(signedAt)} · awaiting your signature`,
    );
  });
  it('speaks to the homeowner, then names the contractor', () => {
    expect(waitingLine(waiting([homeowner(true), contractor()]))).toBe('Awaiting your signature');
    expect(waitingLine(waiting([contractor()], { homeownerSignedAt: signedAt }))).toBe(
      "Awaiting Dana Ortiz's signature",
    );
  });
});

describe('rowNames', () => {
  const DAY = 86_400_000;
  const row = (id: string, projectName: string, label: 'Created' | 'Sent', date: number) =>
    item({ _id: id, projectName, status: { label, date } });

  it('keeps the short name, and no place, for a title no other row has', () => {
    const names = rowNames([row('a', 'Elm Deck', 'Created', 1), row('b', '', 'Sent', 1)]);
    expect(names.get('a')).toEqual({ options: 'Options for Elm Deck', place: null });
    expect(names.get('b')).toEqual({ options: 'Options for Untitled Project', place: null });
  });

  it('adds the status and date when titles repeat', () => {
    const names = rowNames([row('a', '', 'Created', 1), row('b', ' ', 'Sent', 2 * DAY)]);
    expect(names.get('a')).toEqual({
      options: `Options for Untitled Project, Created ${formatDate(1)}`,
      place: null,
    });
    expect(names.get('b')).toEqual({
      options: `Options for Untitled Project, Sent ${formatDate(2 * DAY)}`,
      place: null,
    });
  });

  it('numbers rows that still read the same, in list order, and gives the link the same place', () => {
    const names = rowNames([
      row('a', '', 'Created', 1),
      row('b', 'Elm Deck', 'Created', 1),
      row('c', '', 'Created', 2),
      row('d', '', 'Sent', 1),
    ]);
    const same = `Options for Untitled Project, Created ${formatDate(1)}`;
    expect(names.get('a')).toEqual({ options: `${same} (1 of 2)`, place: '1 of 2' });
    expect(names.get('c')).toEqual({ options: `${same} (2 of 2)`, place: '2 of 2' });
    expect(names.get('d')).toEqual({
      options: `Options for Untitled Project, Sent ${formatDate(1)}`,
      place: null,
    });
    expect(names.get('b')?.place).toBeNull();
    expect(new Set([...names.values()].map((n) => n.options)).size).toBe(4);
  });
});
