import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ChevronDown, ListTree } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { menuAnchors, type SectionId } from './sections';
import styles from './menu.module.css';

/**
 * The section menu (docs/product/viewer.md): project name, anchors of the sections shown, 'Back to Dashboard'. On a
 * phone it is one compact bar (decision 0023): a 'Sections' button that opens the project name
 * and the anchors, beside the back link, so the cover starts near the top.
 */
export function SectionMenu(props: {
  projectName: string;
  sections: readonly SectionId[];
  signedIn: boolean;
}) {
  const anchors = menuAnchors(props.sections);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const picker = useRef<HTMLButtonElement>(null);
  return (
    <nav aria-label="Proposal sections" className={styles.menu}>
      <div className={styles.inner}>
        <button
          ref={picker}
          type="button"
          className={styles.picker}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <ListTree size={16} aria-hidden="true" />
          Sections
          <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />
        </button>
        <div
          id={panelId}
          className={`${styles.panel} ${open ? styles.open : ''}`}
          onKeyDown={(event) => {
            // Escape closes it and gives focus back to 'Sections', never to a hidden link.
            if (event.key !== 'Escape' || !open) return;
            setOpen(false);
            picker.current?.focus();
          }}
        >
          <p className={styles.project}>{props.projectName.trim() || 'Untitled Project'}</p>
          {anchors.length > 0 && (
            <ul className={styles.anchors}>
              {anchors.map((anchor) => (
                <li key={anchor.href}>
                  <a href={anchor.href} className={styles.anchor} onClick={() => setOpen(false)}>
                    {anchor.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {props.signedIn && (
          <Link to={paths.dashboard()} className={styles.back}>
            <ArrowLeft size={16} aria-hidden="true" />
            Back to Dashboard
          </Link>
        )}
      </div>
    </nav>
  );
}
