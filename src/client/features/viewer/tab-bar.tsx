import { Link, useLocation } from 'react-router';
import { ClipboardList, Pencil, ShoppingBag } from 'lucide-react';
import { currentTab, type ViewerTab } from './tabs';
import styles from './menu.module.css';

const ICONS = { plan: ClipboardList, shop: ShoppingBag, edit: Pencil } as const;

/** The sticky 'Plan' / 'Shop' / 'Edit' bar of proposal and selection paths (docs/product/viewer.md). */
export function TabBar({ tabs }: { tabs: readonly ViewerTab[] }) {
  const { pathname } = useLocation();
  const active = currentTab(pathname);
  return (
    <nav aria-label="Proposal pages" className={styles.tabBar} data-sticky-tabs="">
      <ul className={styles.tabs}>
        {tabs.map((tab) => {
          const Icon = ICONS[tab.id];
          const current = tab.id === active;
          return (
            <li key={tab.id}>
              <Link
                to={tab.href}
                className={styles.tab}
                aria-current={current ? 'page' : undefined}
              >
                <Icon size={17} aria-hidden="true" />
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
