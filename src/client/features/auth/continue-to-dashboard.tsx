import { useNavigate } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { useSession } from './api';
import styles from './auth.module.css';

/** The way on from a 'we sent you an e-mail' page, for a visitor already signed in only. */
export function ContinueToDashboard() {
  const navigate = useNavigate();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={styles.button}
        onClick={() => void navigate(paths.dashboard())}
      >
        Continue
        <ArrowRight size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
