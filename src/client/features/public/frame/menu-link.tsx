import { NavLink } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { MenuItem } from './menu-items';
import styles from './site-header.module.css';

/** One menu entry: a router link, or a plain anchor for mailto: addresses. */
export function MenuLink({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  const ctaClass = 'btn btn-primary btn-sm';
  if (item.external) {
    return (
      <a
        href={item.href}
        className={item.emphasis === 'cta' ? ctaClass : styles.link}
        aria-label={item.ariaLabel}
        onClick={onNavigate}
      >
        {item.label}
      </a>
    );
  }
  return (
    <NavLink
      to={item.href}
      // "/" would otherwise count as active on every page, and 'Log out' on /logout/everywhere/.
      end={item.href === '/' || item.href === paths.logout()}
      className={({ isActive }) =>
        item.emphasis === 'cta' ? ctaClass : `${styles.link} ${isActive ? styles.active : ''}`
      }
      aria-label={item.ariaLabel}
      onClick={onNavigate}
    >
      {item.label}
    </NavLink>
  );
}
