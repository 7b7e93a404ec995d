import { paths } from '../../../shared/paths';
import type { ProposalListItem } from '../../../shared/schemas/proposal';

/*
 * The dashboard's rules as plain functions (docs/product/dashboard.md Dashboard, docs/product/roles.md): which Options a row offers, where a
 * row leads and how it is named. The components only render what these return.
 */

/** Where an entry sits in the menu: the manage group, the Sharing group, or the destructive end. */
export type MenuGroup = 'manage' | 'sharing' | 'danger';

export type MenuEntry =
  | { kind: 'shopping'; group: 'manage'; label: string; href: string }
  | { kind: 'duplicate'; group: 'manage'; label: 'Duplicate' }
  | { kind: 'edit'; group: 'manage'; label: 'Edit'; href: string }
  | { kind: 'copyUrl'; group: 'sharing'; label: 'Copy Proposal URL' }
  | { kind: 'visibility'; group: 'sharing'; label: 'Make Private' | 'Make Publicly Available' }
  | { kind: 'reassign'; group: 'sharing'; label: 'Reassign' }
  | { kind: 'delete'; group: 'danger'; label: 'Delete' }
  | { kind: 'archive'; group: 'danger'; label: 'Archive' }
  | { kind: 'unarchive'; group: 'manage'; label: 'Unarchive' };

export type MenuRow = Pick<ProposalListItem, '_id' | 'shoppingPercent' | 'isPublic' | 'signed'> & {
  access: Pick<ProposalListItem['access'], 'role'>;
  /** Absent in older callers: treated as not archived and signed by nobody. */
  archived?: boolean;
  events?: Pick<ProposalListItem['events'], 'signedByContractor' | 'signedByHomeowner'>;
};

/** Any signature: the proposal is archived, never deleted (decision 0009). */
export function hasSignature(row: Pick<MenuRow, 'signed' | 'events'>): boolean {
  return (
    row.signed ||
    (row.events !== undefined &&
      (row.events.signedByContractor !== null || row.events.signedByHomeowner !== null))
  );
}

/** docs/product/dashboard.md: '{n}% Shopping'; the server already rounds n up (docs/product/constants.md). */
export function shoppingLabel(percent: number): string {
  return `${Math.ceil(percent)}% Shopping`;
}

/**
 * The Options entries of one row, in menu order. Empty when the caller does not own the proposal
 * (homeowners and invitees get no menu). Sharing entries need the reassign permission (docs/product/roles.md).
 */
export function dashboardMenuEntries(row: MenuRow, opts: { canReassign: boolean }): MenuEntry[] {
  if (row.access.role !== 'owner') return [];
  const id = row._id;
  const entries: MenuEntry[] = [];
  if (row.shoppingPercent !== null) {
    entries.push({
      kind: 'shopping',
      group: 'manage',
      label: shoppingLabel(row.shoppingPercent),
      href: paths.proposalSelections(id),
    });
  }
  entries.push({ kind: 'duplicate', group: 'manage', label: 'Duplicate' });
  if (!row.signed) {
    entries.push({ kind: 'edit', group: 'manage', label: 'Edit', href: paths.proposalEdit(id) });
  }
  if (opts.canReassign) {
    // A signed proposal stays with its owner (decision 0076): it is not handed on.
    const handOn = !hasSignature(row);
    if (handOn) entries.push({ kind: 'copyUrl', group: 'sharing', label: 'Copy Proposal URL' });
    entries.push({
      kind: 'visibility',
      group: 'sharing',
      label: row.isPublic ? 'Make Private' : 'Make Publicly Available',
    });
    if (handOn) entries.push({ kind: 'reassign', group: 'sharing', label: 'Reassign' });
  }
  if (row.archived) entries.push({ kind: 'unarchive', group: 'manage', label: 'Unarchive' });
  else if (hasSignature(row)) entries.push({ kind: 'archive', group: 'danger', label: 'Archive' });
  else entries.push({ kind: 'delete', group: 'danger', label: 'Delete' });
  return entries;
}

/** Entries split into their groups, keeping order; empty groups are left out. */
export function groupMenuEntries(
  entries: MenuEntry[],
): { group: MenuGroup; entries: MenuEntry[] }[] {
  const order: MenuGroup[] = ['manage', 'sharing', 'danger'];
  return order
    .map((group) => ({ group, entries: entries.filter((e) => e.group === group) }))
    .filter((g) => g.entries.length > 0);
}

/** Contractors a proposal can be handed to: never the caller, each address once, sorted. */
export function reassignTargets(
  contractors: readonly string[],
  ownEmail: string | undefined,
): string[] {
  const own = ownEmail?.trim().toLowerCase();
  const seen = new Set<string>();
  for (const raw of contractors) {
    const email = raw.trim().toLowerCase();
    if (email && email !== own) seen.add(email);
  }
  return [...seen].sort((a, b) => a.localeCompare(b));
}
