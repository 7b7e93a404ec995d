import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/constants';
import { paths } from '../../../../shared/paths';
import { useSupportEmail } from '../../../lib/public-config';
import { LogoMark } from './logo';
import { mailtoHref } from './mailto';
import styles from './site-footer.module.css';

// Read once per page load; a tab left open over New Year's Eve is not worth a timer.
const YEAR = new Date().getFullYear();

export function SiteFooter() {
  const supportEmail = useSupportEmail();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.brand}>
          <LogoMark size={28} />
          <p className={styles.tagline}>Proposals homeowners can read, shop and sign.</p>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to={paths.home()}>For Homeowners</Link>
            </li>
            <li>
              <Link to={paths.pros()}>For Contractors</Link>
            </li>
            <li>
              <Link to={paths.faq()}>FAQ</Link>
            </li>
          </ul>
        </nav>
        {supportEmail && (
          <p className={styles.contact}>
            Contact us: <a href={mailtoHref(supportEmail)}>{supportEmail}</a>
          </p>
        )}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p className={styles.copyright}>
          © {YEAR} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
