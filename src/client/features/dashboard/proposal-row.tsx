import { Globe, PencilLine } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { editedSinceSent } from '../../../shared/domain/dashboard-list';
import { formatDate } from '../../../shared/domain/status';
import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { useDuplicateProposal } from '../proposals/api';
import { errorText, HIDE_FAULTS } from '../../lib/error-text';
import { dashboardMenuEntries } from './menu-entries';
import type { RowAction } from './menu-entry-item';
import { RowOptionsMenu } from './row-options-menu';
import { preparedBy, proposalHref, proposalTitle, waitingLine, type RowNames } from './row-model';
import styles from './proposal-list.module.css';

interface ProposalRowProps {
  item: ProposalListItem;
  /** What tells this row apart from the others: its Options trigger's name, its place (row-model `rowNames`). */
  names: RowNames;
  canReassign: boolean;
  /** Every action but Duplicate opens a dialog beside the list. */
  onDialogAction: (action: Exclude<RowAction, 'duplicate'>, trigger: HTMLElement | null) => void;
  onError: (title: string, message: string, trigger: HTMLElement | null) => void;
  /** Announces work in progress ('' when done). */
  onProgress: (text: string) => void;
}

/** One proposal: the whole row is a single link, with the Options menu beside it (not inside). */
export function ProposalRow(props: ProposalRowProps) {
  const { item } = props;
  const navigate = useNavigate();
  const duplicate = useDuplicateProposal();
  const title = proposalTitle(item);
  const by = preparedBy(item);
  const entries = dashboardMenuEntries(item, { canReassign: props.canReassign });
  const { label, date } = item.status;
  const waiting = waitingLine(item);
  // Only its owner can send it again; the homeowner's and invitees' rows never say so.
  const edited = item.access.role === 'owner' && editedSinceSent(item.events);

  const onAction = (action: RowAction, trigger: HTMLElement | null) => {
    if (action !== 'duplicate') return props.onDialogAction(action, trigger);
    if (duplicate.isPending) return;
    // docs/product/dashboard.md Duplicate: the copy opens in the create screen, which reads `location.state.draft`.
    props.onProgress(`Duplicating “${title}”…`);
    duplicate.mutate(item._id, {
      onSettled: () => props.onProgress(''),
      onSuccess: (draft) => void navigate(paths.create(), { state: { draft } }),
      onError: (error) =>
        props.onError(
          'The proposal could not be duplicated',
          errorText(error, 'Something went wrong while copying it. Please try again.', HIDE_FAULTS),
          trigger,
        ),
    });
  };

  return (
    <li className={styles.row}>
      <Link to={proposalHref(item)} className={styles.link} data-row-link="">
        <span className={styles.project}>
          <span className={styles.projectName}>{title}</span>
          {item.isPublic && item.access.role === 'owner' && (
            <span className={styles.badge}>
              <Globe size={12} aria-hidden="true" />
              Public
            </span>
          )}
        </span>
        <span className={styles.by}>
          <span className={styles.byLabel}>Prepared by </span>
          {by ?? (
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">no name given</span>
            </>
          )}
        </span>
        <span className={styles.status}>
          <span className={`${styles.pill} ${styles[`pill${label}`]}`}>{label}</span>{' '}
          <time className={styles.date} dateTime={new Date(date).toISOString()}>
            {formatDate(date)}
          </time>
          {/* The eye tells alike rows apart by where they sit; a screen reader hears that place,
              as on the row's Options button. */}
          {props.names.place && <span className="visually-hidden"> ({props.names.place})</span>}
          {waiting && ' '}
          {waiting && (
            <span className={styles.waiting} data-waiting="">
              {waiting}
            </span>
          )}
          {edited && ' '}
          {edited && (
            <span className={styles.edited} data-edited="">
              <PencilLine size={14} aria-hidden="true" />
              Edited since sent · Resend
            </span>
          )}
        </span>
      </Link>
      {/* Always there, so the columns line up; empty for rows without a menu. */}
      <div className={styles.options}>
        {entries.length > 0 && (
          <RowOptionsMenu
            name={props.names.options}
            entries={entries}
            busy={duplicate.isPending}
            onAction={onAction}
          />
        )}
      </div>
    </li>
  );
}
