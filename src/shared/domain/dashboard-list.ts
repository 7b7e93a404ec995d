import type { ProposalEvents } from '../schemas/proposal';
import { isResend, statusLabel } from './status';

/*
 * Decision 0096: how the dashboard list is filtered and sorted. The server filters in SQL; these
 * functions say the same in code, so the client, the tests and the SQL agree on one meaning.
 */

/** The status filter's values: each is one of the spec's labels ('Created', 'Sent', 'Signed'). */
export const LIST_STATUSES = ['not-sent', 'awaiting', 'signed'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** The list's orders: last updated, newest created (the default), project name A to Z. */
export const LIST_SORTS = ['updated', 'created', 'project'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const DEFAULT_SORT: ListSort = 'created';

/** At most this many characters of search text. */
export const LIST_SEARCH_MAX = 100;

/** At most this many words are searched for; the rest of a long query is ignored. */
export const LIST_SEARCH_WORDS = 8;

/**
 * The search text as the words a row must all contain (each anywhere in the project name, the
 * name, the address or the homeowner): lower case, each once, at most `LIST_SEARCH_WORDS`.
 */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, LIST_SEARCH_WORDS);
}

/** Which filter a proposal falls under: its dashboard label, so filter and label never disagree. */
export function listStatusOf(events: ProposalEvents): ListStatus {
  const { label } = statusLabel(events);
  return label === 'Signed' ? 'signed' : label === 'Sent' ? 'awaiting' : 'not-sent';
}

/**
 * When the proposal last changed for the list's 'Last updated' order: the latest of its creation,
 * last edit, sending and signatures.
 */
export function lastUpdated(events: ProposalEvents): number {
  const { created, edited, sent, signedByContractor, signedByHomeowner } = events;
  return Math.max(created, edited ?? 0, sent ?? 0, signedByContractor ?? 0, signedByHomeowner ?? 0);
}

/**
 * Edited after it was sent and not signed by the homeowner: the homeowner reads an older
 * version until it is sent again (spec point 4, the action bar's 'Resend').
 */
export function editedSinceSent(events: ProposalEvents): boolean {
  return isResend(events) && events.signedByHomeowner === null;
}
