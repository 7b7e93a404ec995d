import { Link, useSearchParams } from 'react-router';
import { Archive, ArrowLeft, Plus } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useSession } from '../auth/api';
import { useProposalList } from '../proposals/api';
import { listItems } from './row-model';
import { ProposalList } from './proposal-list';
import styles from './dashboard-page.module.css';

/** /dashboard/: the signed-in user's proposals (docs/product/dashboard.md Dashboard). */
export function Component() {
  const { user } = useSession();
  const isContractor = user?.role === 'contractor';
  // Decision 0009: the owner's archived proposals, at ?archived=1.
  const [search] = useSearchParams();
  const archived = isContractor && search.get('archived') === '1';
  // The list's own query (one request): someone only invited anywhere signs nothing (review 27).
  const list = useProposalList(archived);
  const rows = list.data ? listItems(list.data.pages) : [];
  const onlyInvited = rows.length > 0 && rows.every((r) => r.access.role === 'invitee');

  return (
    <div className={styles.page}>
      <title>{`Your proposals · ${PRODUCT_NAME}`}</title>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{archived ? 'Archived proposals' : 'Your proposals'}</h1>
          <p className={styles.lead}>
            {archived
              ? 'Hidden from your list. The homeowner and invited members still have them.'
              : isContractor
                ? 'Build, send and track proposals for your clients.'
                : onlyInvited
                  ? 'Proposals you were invited to: view them, shop for products and comment.'
                  : 'Proposals your contractors share with you, ready to review and sign.'}
          </p>
          {isContractor && (
            <Link
              to={archived ? paths.dashboard() : `${paths.dashboard()}?archived=1`}
              className={styles.archiveLink}
            >
              {archived ? (
                <ArrowLeft size={16} aria-hidden="true" />
              ) : (
                <Archive size={16} aria-hidden="true" />
              )}
              {archived ? 'Back to your proposals' : 'Archived proposals'}
            </Link>
          )}
        </div>
        {isContractor && !archived && (
          <Link to={paths.create()} className={styles.create}>
            <Plus size={18} aria-hidden="true" />
            Create New Proposal
          </Link>
        )}
      </header>
      <ProposalList key={archived ? 'archived' : 'current'} archived={archived} />
    </div>
  );
}
