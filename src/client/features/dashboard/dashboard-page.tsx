import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useSession } from '../auth/api';
import { ProposalList } from './proposal-list';
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
      <ProposalList />
    </div>
  );
}
