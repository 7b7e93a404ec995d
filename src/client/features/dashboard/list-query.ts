import {
  DEFAULT_SORT,
  LIST_SEARCH_MAX,
  LIST_SORTS,
  LIST_STATUSES,
  type ListSort,
  type ListStatus,
} from '../../../shared/domain/dashboard-list';

/*
 * Decision 0096: the dashboard's search, status filter and order live in the URL query
 * (?q=&status=&sort=, and ?archived=1 from decision 0009), so Back and reload keep them.
 */

/** The status filter's choices: one of the spec's labels, all, or the owner's archive. */
export type StatusChoice = 'all' | ListStatus | 'archived';

export interface ListQuery {
  q: string;
  status: StatusChoice;
  sort: ListSort;
}

export const STATUS_CHOICES: readonly { value: StatusChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'not-sent', label: 'Not sent' },
  { value: 'awaiting', label: 'Sent – awaiting signature' },
  { value: 'signed', label: 'Signed' },
  { value: 'archived', label: 'Archived' },
];

export const SORT_CHOICES: readonly { value: ListSort; label: string }[] = [
  { value: 'created', label: 'Newest created' },
  { value: 'updated', label: 'Last updated' },
  { value: 'project', label: 'Project name (A–Z)' },
];

/**
 * The query a URL asks for. A value the page does not know (an old or hand-edited link) reads as
 * the default rather than failing; only contractors have an archive.
 */
export function readListQuery(params: URLSearchParams, isContractor: boolean): ListQuery {
  const status = params.get('status');
  const sort = params.get('sort');
  const archived = isContractor && params.get('archived') === '1';
  return {
    q: (params.get('q') ?? '').slice(0, LIST_SEARCH_MAX),
    status: archived
      ? 'archived'
      : LIST_STATUSES.find((s) => s === status) === undefined
        ? 'all'
        : (status as ListStatus),
    sort: LIST_SORTS.find((s) => s === sort) ?? DEFAULT_SORT,
  };
}

/** The URL query for a list query: defaults are left out, so the plain list is /dashboard/. */
export function writeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim() !== '') params.set('q', query.q);
  if (query.status === 'archived') params.set('archived', '1');
  else if (query.status !== 'all') params.set('status', query.status);
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  return params;
}

/** What the list route is asked (`GET /api/proposal/`), without the cursor. */
export function apiListQuery(query: ListQuery): {
  archived?: 'true';
  status?: ListStatus;
  sort?: ListSort;
  q?: string;
} {
  const q = query.q.trim();
  return {
    ...(query.status === 'archived' ? { archived: 'true' as const } : {}),
    ...(query.status === 'archived' || query.status === 'all' ? {} : { status: query.status }),
    ...(query.sort === DEFAULT_SORT ? {} : { sort: query.sort }),
    ...(q === '' ? {} : { q }),
  };
}

/** Whether anything narrows the list (the archive is a list of its own, not a narrowing). */
export function isNarrowed(query: ListQuery): boolean {
  return query.q.trim() !== '' || (query.status !== 'all' && query.status !== 'archived');
}

/** The polite count under the controls: '12 proposals', '1 proposal found', 'No proposals found'. */
export function resultsText(total: number, narrowed: boolean): string {
  if (total === 0) return narrowed ? 'No proposals found' : 'No proposals';
  const noun = total === 1 ? 'proposal' : 'proposals';
  return narrowed ? `${total} ${noun} found` : `${total} ${noun}`;
}
