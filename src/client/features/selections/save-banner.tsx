import { Link, useLocation } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { signinHref } from './shop-model';
import styles from './shop-page.module.css';

export const LOGGED_OUT_WARNING = 'Warning: Your selections will not save until you log in.';
export const NOT_A_MEMBER =
  "Only this proposal's team can save selections. You can try everything here, but your changes stay on this page.";

/** Why nothing on the page is saved: logged out (docs/product/selections.md banner), or signed in but not on the team. */
export function SaveBanner({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  return (
    <div className={styles.banner} role="note">
      <TriangleAlert size={20} aria-hidden="true" className={styles.bannerIcon} />
      <p className={styles.bannerText}>{signedIn ? NOT_A_MEMBER : LOGGED_OUT_WARNING}</p>
      {!signedIn && (
        <Link
          to={signinHref(location.pathname + location.search + location.hash)}
          className="btn btn-primary btn-sm"
        >
          Log In
        </Link>
      )}
    </div>
  );
}
