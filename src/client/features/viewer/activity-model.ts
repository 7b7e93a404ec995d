import { formatMoment } from '../../../shared/domain/dates';
import { isResend } from '../../../shared/domain/status';
import type { ActivityEvent, ProposalEvents } from '../../../shared/schemas/proposal';

/** docs/product/constants.md: the viewer's events ('Nov 24th 2026, 3:05 PM'). */
export const EVENT_DATE_FORMAT = 'MMM Do YYYY, h:mm A';

export function formatEventDate(ms: number): string {
  return formatMoment(ms);
}

const ROLE = { contractor: 'the contractor', homeowner: 'the homeowner' } as const;

/** What the owner reads for one event (decision 0009), without its date. */
export function activityText(e: ActivityEvent): string {
  const by = e.by.trim();
  const who = (role: ActivityEvent['role']) =>
    by ? `${by}${role ? ` (${ROLE[role]})` : ''}` : role ? ROLE[role] : 'someone';
  switch (e.kind) {
    case 'created':
      return 'Created';
    case 'sent':
      return e.to ? `Sent to ${e.to}` : 'Sent';
    case 'edited':
      return `Edited by ${who(e.role)}`;
    case 'opened':
      return `Opened by ${by || 'the homeowner'}`;
    case 'signed':
      return `Signed by ${who(e.role)}`;
    case 'signature_withdrawn':
      return `Signature of ${ROLE[e.role ?? 'contractor']} withdrawn by an edit`;
    case 'archived':
      return 'Archived';
    case 'unarchived':
      return 'Unarchived';
    case 'chosen': {
      // Decision 0091: the contractor orders from the choice, so the owner reads each change.
      const item = e.item?.trim() || 'A selection';
      return e.product
        ? `${item}: ${e.product} chosen by ${who(e.role)}`
        : `${item}: choice withdrawn by ${who(e.role)}`;
    }
  }
}

/** The contractor signed once, then an edit withdrew it: the bar offers 'Sign again'. */
export function contractorWithdrew(activity: readonly ActivityEvent[] | undefined): boolean {
  return (activity ?? []).some((e) => e.kind === 'signature_withdrawn' && e.role === 'contractor');
}

/**
 * When the proposal last changed after it was last sent, else null: the homeowner's 'Updated …'
 * notice (decision 0085). After sending, the edited time moves only when the content changed.
 */
export function updatedSinceSent(events: ProposalEvents): number | null {
  return isResend(events) ? events.edited : null;
}
