import { Link, Navigate, useLocation, useParams } from 'react-router';
import { MapPin, Pencil } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { costTypeLabel } from '../../../shared/domain/cost-types';
import { formatMoney } from '../../../shared/domain/money';
import { formatDate, statusLabel } from '../../../shared/domain/status';
import { paths } from '../../../shared/paths';
import type { CostGroup } from '../../../shared/schemas/proposal';
import { PageSpinner } from '../../app/page-spinner';
import { ApiRequestError } from '../../lib/api';
import { useProposal } from '../proposals/api';
import styles from './proposal-page.module.css';

/*
 * /proposal/{id}/: a temporary read-only view (project, status, plan with subtotals) until the
 * full viewer arrives. §4: when loading fails, the visitor goes to /private/.
 */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const query = useProposal(id);

  if (query.isPending) return <PageSpinner label="Loading proposal…" />;
  if (query.isError) {
    const redirect = encodeURIComponent(location.pathname);
    if (query.error instanceof ApiRequestError && query.error.status >= 500) {
      return (
        <div className={styles.page}>
          <p role="alert">{query.error.message}</p>
        </div>
      );
    }
    return <Navigate to={`${paths.private()}?redirect=${redirect}`} replace />;
  }

  const proposal = query.data;
  const status = statusLabel(proposal.events);
  const groups = proposal.costGroups.filter((g) => g.values.some((i) => i.name.trim() !== ''));
  const title = proposal.projectName || 'Untitled Project';
  const notice = readNotice(location.state);

  return (
    <article className={styles.page} aria-labelledby="proposal-title">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <header className={styles.header}>
        <div>
          {proposal.companyName && <p className={styles.company}>{proposal.companyName}</p>}
          <h1 id="proposal-title" className={styles.title}>
            {title}
          </h1>
          {proposal.projectAddress && (
            <p className={styles.address}>
              <MapPin size={16} aria-hidden="true" /> {proposal.projectAddress}
            </p>
          )}
          <p className={styles.status}>
            <span className={styles.badge}>{status.label}</span> {formatDate(status.date)}
          </p>
        </div>
        {proposal.access.canEdit && !proposal.signed && (
          <Link to={paths.proposalEdit(proposal._id)} className="btn btn-primary">
            <Pencil size={16} aria-hidden="true" />
            Edit
          </Link>
        )}
      </header>

      {notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}

      <section aria-labelledby="plan-title" className={styles.plan}>
        <h2 id="plan-title">Plan</h2>
        {groups.length === 0 ? (
          <p className={styles.muted}>No cost groups yet.</p>
        ) : (
          groups.map((group, index) => (
            <GroupView key={group.id} group={group} number={index + 1} />
          ))
        )}
      </section>
    </article>
  );
}

/** A message handed over by the page that led here (e.g. the create wizard). */
function readNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}

function GroupView({ group, number }: { group: CostGroup; number: number }) {
  const items = group.values.filter((item) => item.name.trim() !== '');
  const subtotal = items.reduce((sum, item) => sum + item.costCents, 0);
  return (
    <section className={styles.group} aria-label={group.name || `Cost group ${number}`}>
      <header className={styles.groupHead}>
        <h3>
          {number}. {group.name || 'Untitled group'}
        </h3>
        <span className={styles.amount}>{formatMoney(subtotal)}</span>
      </header>
      {group.note && <p className={styles.muted}>{group.note}</p>}
      <ol className={styles.items}>
        {items.map((item, i) => (
          <li key={item.id} className={styles.item}>
            <span className={styles.itemNo}>
              {number}.{i + 1}
            </span>
            <span className={styles.itemName}>
              {item.name}
              {item.selection && <span className={styles.tag}>Selection</span>}
              {item.note && <span className={styles.itemNote}>{item.note}</span>}
            </span>
            <span className={styles.itemType}>{costTypeLabel(item.costType)}</span>
            <span className={styles.amount}>{formatMoney(item.costCents)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
