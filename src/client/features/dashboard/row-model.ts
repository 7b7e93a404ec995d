import { formatDate } from '../../../shared/domain/status';
import { proposalViewPath } from '../../../shared/paths';
import type { ProposalList, ProposalListItem } from '../../../shared/schemas/proposal';

/* How a dashboard row reads and where it leads (docs/product/dashboard.md Dashboard), as plain functions. */

export const UNTITLED_PROJECT = 'Untitled Project';

/**
 * A row opens the contractor's view for its owner, the received view (/proposal/received/{id}/)
 * for the one it was sent or shared to, read per proposal (decision 0093): a contractor's own
 * proposals open as theirs and one another contractor sent them opens as its homeowner's.
 */
export function proposalHref(
  row: Pick<ProposalListItem, '_id'> & { access: Pick<ProposalListItem['access'], 'role'> },
): string {
  return proposalViewPath(row._id, row.access.role);
}

/** The row's title: the project name, or 'Untitled Project' (as the selections page says). */
export function proposalTitle(row: Pick<ProposalListItem, 'projectName'>): string {
  return row.projectName.trim() || UNTITLED_PROJECT;
}

/** The contractor's name on the proposal (docs/product/model.md `name`), or null when it was left empty. */
export function preparedBy(row: Pick<ProposalListItem, 'name'>): string | null {
  return row.name.trim() || null;
}

export const HOMEOWNER_REMOVED = 'Its homeowner was removed · send it again';

/**
 * The line beside the status label saying who the proposal waits for (decision 0019), or null.
 * The first missing signature is the one awaited (the homeowner signs first).
 */
export function waitingLine(
  row: Pick<ProposalListItem, 'waiting' | 'events' | 'access'>,
): string | null {
  const { pending, homeownerSignedAt, notOpened } = row.waiting;
  // Sent, not signed by a homeowner, and none awaited: the owner removed its homeowner.
  const homeownerGone =
    row.events.sent !== null &&
    homeownerSignedAt === null &&
    !pending.some((signer) => signer.role === 'homeowner');
  if (homeownerGone && row.access.role === 'owner') return HOMEOWNER_REMOVED;
  const next = pending[0];
  if (!next) return null;
  const whose = next.you ? 'your' : `${next.name}'s`;
  if (next.role === 'contractor' && next.you && homeownerSignedAt !== null) {
    return `Homeowner signed ${formatDate(homeownerSignedAt)} · awaiting your signature`;
  }
  const line = `Awaiting ${whose} signature`;
  return notOpened ? `${line} · Not opened yet` : line;
}

/** The reassign reply's link as an absolute URL, whether the server sent a path or a full URL. */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** The pages of the keyset-paged list as one list; an item seen on an earlier page is kept once. */
export function listItems(pages: readonly Pick<ProposalList, 'items'>[]): ProposalListItem[] {
  const seen = new Set<string>();
  const items: ProposalListItem[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return items;
}

/** How a dashboard row is told apart from the others listed beside it (`rowNames`). */
export interface RowNames {
  /** Its Options trigger's name. */
  options: string;
  /** Its place among rows that read the same ('2 of 3'), or null when no other row does. */
  place: string | null;
}

/**
 * Each row's names (docs/product/dashboard.md Options menu), by `_id`. The Options trigger is
 * 'Options for {title}'; when another listed row has the same title, it adds what the row shows
 * next, its status and date; when even that reads the same, its place among those rows, in list
 * order ('2 of 3'). So no two triggers share a name, and a unique title keeps the short one. The
 * row's link reads its status and date anyway, so only the place is added to it: one count for
 * both, so a link and its trigger carry the same place.
 */
export function rowNames(
  rows: readonly Pick<ProposalListItem, '_id' | 'projectName' | 'status'>[],
): Map<string, RowNames> {
  const withStatus = (row: (typeof rows)[number]) =>
    `Options for ${proposalTitle(row)}, ${row.status.label} ${formatDate(row.status.date)}`;
  const titleCount = countBy(rows, proposalTitle);
  const first = (row: (typeof rows)[number]) =>
    (titleCount.get(proposalTitle(row)) ?? 0) > 1
      ? withStatus(row)
      : `Options for ${proposalTitle(row)}`;
  const nameCount = countBy(rows, first);
  const seen = new Map<string, number>();
  const names = new Map<string, RowNames>();
  for (const row of rows) {
    const name = first(row);
    const total = nameCount.get(name) ?? 0;
    if (total < 2) {
      names.set(row._id, { options: name, place: null });
      continue;
    }
    const at = (seen.get(name) ?? 0) + 1;
    seen.set(name, at);
    const place = `${at} of ${total}`;
    names.set(row._id, { options: `${name} (${place})`, place });
  }
  return names;
}

function countBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}
