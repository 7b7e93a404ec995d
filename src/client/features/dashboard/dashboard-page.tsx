import { Link } from 'react-router';
import { FileText, Inbox, Plus } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useSession } from '../auth/api';
import styles from './dashboard-page.module.css';

/** /dashboard/: the signed-in user's proposals (§2 Dashboard). */
export function Component() {
  const { user } = useSession();
  const isContractor = user?.role === 'contractor';

  return (
    <div className={styles.page}>
      <title>{`Your proposals · ${PRODUCT_NAME}`}</title>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Your proposals</h1>
          <p className={styles.lead}>
            {isContractor
              ? 'Build, send and track proposals for your clients.'
              : 'Proposals your contractors share with you, ready to review and sign.'}
          </p>
        </div>
        {isContractor && (
          <Link to={paths.create()} className={styles.create}>
            <Plus size={18} aria-hidden="true" />
            Create New Proposal
          </Link>
        )}
      </header>

      <section className={styles.list} aria-labelledby="proposal-list-title">
        <h2 id="proposal-list-title" className="visually-hidden">
          Proposals
        </h2>
        <EmptyState isContractor={isContractor} />
      </section>
    </div>
  );
}

function EmptyState({ isContractor }: { isContractor: boolean }) {
  const Icon = isContractor ? FileText : Inbox;
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <Icon size={26} aria-hidden="true" />
      </span>
      <h3 className={styles.emptyTitle}>No proposals yet</h3>
      {isContractor ? (
        <p className={styles.emptyText}>
          Your first proposal takes a few minutes: add the project, your cost groups and the
          products to choose from, then send it to the homeowner to review and sign online.
        </p>
      ) : (
        <p className={styles.emptyText}>
          When a contractor sends you a proposal, it will appear here. You can review the plan,
          choose products and sign, all in one place.
        </p>
      )}
    </div>
  );
}
