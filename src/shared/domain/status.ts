import type { ProposalEvents } from '../schemas/proposal';
import { formatDay } from './dates';

/*
 * docs/product/dashboard.md proposal lifecycle from its events, docs/product/dashboard.md dashboard '{n}% Shopping', docs/product/constants.md date format.
 * Dates are formatted in the local time zone of whoever calls (the browser, or the server's TZ).
 */

export type StatusLabel = 'Created' | 'Sent' | 'Signed';
export interface ProposalStatus {
  label: StatusLabel;
  date: number;
}

export const DATE_FORMAT = 'MMM D, YYYY';

/** 'Signed' with the later signing date when both have signed, else 'Sent', else 'Created'. */
export function statusLabel(events: ProposalEvents): ProposalStatus {
  const { signedByContractor, signedByHomeowner, sent, created } = events;
  if (signedByContractor !== null && signedByHomeowner !== null) {
    return { label: 'Signed', date: Math.max(signedByContractor, signedByHomeowner) };
  }
  if (sent !== null) return { label: 'Sent', date: sent };
  return { label: 'Created', date: created };
}

/** Sent before the last edit: the send action becomes 'Resend'. */
export function isResend(events: ProposalEvents): boolean {
  return events.sent !== null && events.edited !== null && events.sent < events.edited;
}

/** Percentage of selection items with at least one option, rounded up; null without selections. */
export function shoppingPercent(
  items: { selection: boolean; optionCount: number }[],
): number | null {
  const selections = items.filter((item) => item.selection);
  if (selections.length === 0) return null;
  const withOptions = selections.filter((item) => item.optionCount >= 1).length;
  return Math.ceil((withOptions * 100) / selections.length);
}

/** 'Nov 3, 2026'. */
export function formatDate(ms: number): string {
  return formatDay(ms);
}

/** 'Sent Nov 3, 2026'. */
export function statusText(events: ProposalEvents): string {
  const { label, date } = statusLabel(events);
  return `${label} ${formatDate(date)}`;
}
