import { CalendarDays, Mail } from 'lucide-react';
import { paths } from '../../../../shared/paths';
import { useSupportEmail } from '../../../lib/public-config';
import { useSession } from '../../auth/api';
import { Logo } from './logo';
import { buildMenu } from './menu-items';
import { MenuLink } from './menu-link';
import { MobileMenu } from './mobile-menu';
import { useScrolled } from './use-scrolled';
import styles from './site-header.module.css';

/**
 * The site header. `site` is the sticky bar of most pages; `compact` is the lighter, non-sticky
 * top bar the landing page and the FAQ get in place of it (docs/product/routes.md hides the header there).
 */
export function SiteHeader({ variant }: { variant: 'site' | 'compact' }) {
  const { user, isLoading, failed } = useSession();
  const supportEmail = useSupportEmail();
  const scrolled = useScrolled();
  // A failed check is not a log-out (RequireAuth): offering 'Log In' then would send a signed-in
  // person for a new link. The bar stays as it is while loading until the check answers.
  const menu = buildMenu({ user, isLoading: isLoading || failed, supportEmail });

  // On the desktop bar the filled button goes last, after the plain links.
  const links = [...menu.main, ...menu.account].filter((item) => item.emphasis !== 'cta');
  const ctas = [...menu.main, ...menu.account].filter((item) => item.emphasis === 'cta');
  const mainLinks = links.filter((item) => menu.main.includes(item));
  const accountLinks = links.filter((item) => menu.account.includes(item));
  const [consultation, contact] = menu.contact;

  return (
    <header
      className={`${styles.header} ${variant === 'compact' ? styles.compact : styles.sticky}`}
      data-scrolled={scrolled && variant === 'site' ? 'true' : undefined}
      data-sticky-header={variant === 'compact' ? undefined : ''}
      data-utility={consultation ? 'true' : undefined}
    >
      {consultation && contact && (
        <div className={styles.utility}>
          <div className={`container ${styles.utilityInner}`}>
            <a
              href={consultation.href}
              aria-label={consultation.ariaLabel}
              className={styles.utilityLink}
            >
              <CalendarDays size={15} aria-hidden="true" />
              {consultation.label}
            </a>
            <a href={contact.href} aria-label={contact.ariaLabel} className={styles.utilityLink}>
              <Mail size={15} aria-hidden="true" />
              {contact.label}
            </a>
          </div>
        </div>
      )}
      <div className={`container ${styles.bar}`}>
        <Logo to={user ? paths.dashboard() : paths.home()} />
        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.mainLinks}>
            {mainLinks.map((item) => (
              <li key={item.id}>
                <MenuLink item={item} />
              </li>
            ))}
          </ul>
          <ul className={styles.accountLinks}>
            {accountLinks.map((item) => (
              <li key={item.id}>
                <MenuLink item={item} />
              </li>
            ))}
            {ctas.map((item) => (
              <li key={item.id}>
                <MenuLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <MobileMenu menu={menu} />
      </div>
    </header>
  );
}
