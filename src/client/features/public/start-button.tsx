import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../auth/api';
import styles from './public.module.css';

/**
 * The landing call to action (docs/product/landing.md): 'Go to Dashboard' when logged in, otherwise 'Get Started'.
 * `forContractors` sends a signed-in contractor straight to the create wizard instead.
 */
export function StartButton({
  tone = 'primary',
  forContractors = false,
}: {
  tone?: 'primary' | 'accent';
  forContractors?: boolean;
}) {
  const { user, isLoading } = useSession();
  const className = `btn btn-lg ${tone === 'accent' ? 'btn-accent' : 'btn-primary'}`;
  if (isLoading) {
    // Holds the button's place so the page does not jump when the session arrives.
    return (
      <span className={`${className} ${styles.placeholder}`} aria-hidden="true">
        Get Started
      </span>
    );
  }
  if (!user) {
    return (
      <Link to={paths.signup()} className={className}>
        Get Started
      </Link>
    );
  }
  if (forContractors && user.role === 'contractor') {
    return (
      <Link to={paths.create()} className={className}>
        Create New Proposal
      </Link>
    );
  }
  return (
    <Link to={paths.dashboard()} className={className}>
      Go to Dashboard
    </Link>
  );
}
