import { Menu as MenuIcon, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuLink } from './menu-link';
import type { Menu } from './menu-items';
import styles from './site-header.module.css';

/**
 * The menu below 770 px: a disclosure button (not a modal), so the page stays reachable and
 * screen readers hear "Menu, collapsed/expanded". Closes on navigation, Escape and a tap outside.
 */
export function MobileMenu({ menu }: { menu: Menu }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [locationKey, setLocationKey] = useState(location.key);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Close when the route changes (back/forward included), adjusting state during render as
  // React recommends instead of an effect that would paint the open panel once more.
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // Focus would otherwise be lost with the hidden panel; return it to where it came from.
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  // Plain links first, filled buttons last, as on the desktop bar.
  const all = [...menu.main, ...menu.contact, ...menu.account];
  const items = [
    ...all.filter((item) => item.emphasis !== 'cta'),
    ...all.filter((item) => item.emphasis === 'cta'),
  ];
  if (all.length === 0) return null;

  return (
    <div ref={rootRef} className={styles.mobile}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X size={22} aria-hidden="true" /> : <MenuIcon size={22} aria-hidden="true" />}
        <span>Menu</span>
      </button>
      <nav id={panelId} aria-label="Main" className={styles.panel} hidden={!open}>
        <ul className={styles.panelList}>
          {items.map((item) => (
            <li key={item.id} className={item.emphasis === 'cta' ? styles.panelCta : undefined}>
              <MenuLink item={item} onNavigate={() => setOpen(false)} />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
