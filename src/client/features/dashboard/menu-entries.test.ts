import { describe, expect, it } from 'vitest';
import {
  dashboardMenuEntries,
  groupMenuEntries,
  reassignTargets,
  shoppingLabel,
  type MenuRow,
} from './menu-entries';

const ID = '7d0c1f5e-5c3b-4f43-9a39-0d6c5a1b2c3d';

function row(overrides: Partial<MenuRow> = {}): MenuRow {
  return {
    _id: ID,
    shoppingPercent: null,
    isPublic: false,
    signed: false,
    access: { role: 'owner' },
    ...overrides,
  };
}

const labels = (r: MenuRow, canReassign = false) =>
  dashboardMenuEntries(r, { canReassign }).map((e) => e.label);

describe('dashboardMenuEntries', () => {
  it('gives an owner Duplicate, Edit and Delete', () => {
    expect(labels(row())).toEqual(['Duplicate', 'Edit', 'Delete']);
  });

  it.each(['homeowner', 'invitee', 'public'] as const)('gives a %s no menu at all', (role) => {
    expect(labels(row({ access: { role } }), true)).toEqual([]);
  });

  it('offers Shopping only when the proposal has selection items', () => {
    const without = dashboardMenuEntries(row({ shoppingPercent: null }), { canReassign: false });
    expect(without.some((entry) => entry.kind === 'shopping')).toBe(false);
    const entries = dashboardMenuEntries(row({ shoppingPercent: 0 }), { canReassign: false });
    expect(entries[0]).toEqual({
      kind: 'shopping',
      group: 'manage',
      label: '0% Shopping',
      href: `/proposal/${ID}/selections/`,
    });
    expect(labels(row({ shoppingPercent: 67 }))[0]).toBe('67% Shopping');
  });

  it('hides Edit once the homeowner has signed', () => {
    expect(labels(row({ signed: true }))).toEqual(['Duplicate', 'Archive']);
  });

  it('links Edit to the edit wizard', () => {
    const edit = dashboardMenuEntries(row(), { canReassign: false }).find((e) => e.kind === 'edit');
    expect(edit).toMatchObject({ href: `/proposal/edit/${ID}/` });
  });

  it('adds Sharing only with the reassign permission', () => {
    expect(labels(row(), false)).not.toContain('Copy Proposal URL');
    expect(labels(row(), true)).toEqual([
      'Duplicate',
      'Edit',
      'Copy Proposal URL',
      'Make Publicly Available',
      'Reassign',
      'Delete',
    ]);
  });

  it('names the visibility toggle after what it will do', () => {
    expect(labels(row({ isPublic: true }), true)).toContain('Make Private');
    expect(labels(row({ isPublic: false }), true)).toContain('Make Publicly Available');
  });

  it('builds the full menu for a public, unsigned proposal with selections', () => {
    const r = row({ shoppingPercent: 100, isPublic: true });
    expect(groupMenuEntries(dashboardMenuEntries(r, { canReassign: true }))).toEqual([
      { group: 'manage', entries: expect.any(Array) as unknown },
      { group: 'sharing', entries: expect.any(Array) as unknown },
      { group: 'danger', entries: [{ kind: 'delete', group: 'danger', label: 'Delete' }] },
    ]);
  });
});

describe('groupMenuEntries', () => {
  it('leaves out empty groups', () => {
    const groups = groupMenuEntries(dashboardMenuEntries(row(), { canReassign: false }));
    expect(groups.map((g) => g.group)).toEqual(['manage', 'danger']);
    expect(groupMenuEntries([])).toEqual([]);
  });
});

describe('shoppingLabel', () => {
  it('rounds up', () => {
    expect(shoppingLabel(33)).toBe('33% Shopping');
    expect(shoppingLabel(33.2)).toBe('34% Shopping');
  });
});

describe('reassignTargets', () => {
  it('drops the caller, blanks and duplicates, and sorts', () => {
    expect(reassignTargets(['b@x.com', 'Me@X.com', ' a@x.com', 'B@x.com', ''], 'me@x.com')).toEqual(
      ['a@x.com', 'b@x.com'],
    );
  });

  it('keeps everyone when the caller is unknown', () => {
    expect(reassignTargets(['a@x.com'], undefined)).toEqual(['a@x.com']);
  });
});

describe('signed proposals are archived, never deleted (decision 0009)', () => {
  const events = (c: number | null, h: number | null) => ({
    signedByContractor: c,
    signedByHomeowner: h,
  });

  it('hands a signed proposal on to nobody: no Copy Proposal URL or Reassign (decision 0076)', () => {
    expect(labels(row({ events: events(1, null) }), true)).toEqual([
      'Duplicate',
      'Edit',
      'Make Publicly Available',
      'Archive',
    ]);
    expect(labels(row({ signed: true, events: events(1, 1) }), true)).not.toContain('Reassign');
  });

  it('offers Archive instead of Delete once anyone signed', () => {
    expect(labels(row({ events: events(1, null) }))).toEqual(['Duplicate', 'Edit', 'Archive']);
    expect(labels(row({ signed: true, events: events(null, 1) }))).toEqual([
      'Duplicate',
      'Archive',
    ]);
    expect(labels(row({ events: events(null, null) }))).toContain('Delete');
  });

  it('offers Unarchive for an archived row', () => {
    expect(labels(row({ archived: true, signed: true, events: events(1, 1) }))).toEqual([
      'Duplicate',
      'Unarchive',
    ]);
  });
});
