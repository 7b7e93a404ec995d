import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { menuAnchors, type SectionId } from './sections';
import styles from './menu.module.css';

/** The section menu (docs/product/viewer.md): project name, anchors of the sections shown, 'Back to Dashboard'. */
export function SectionMenu(props: {
  projectName: string;
  sections: readonly SectionId[];
  signedIn: boolean;
}) {
  const anchors = menuAnchors(props.sections);
  return (
    <nav aria-label="Proposal sections" className={styles.menu}>
      <div className={styles.inner}>
        <p className={styles.project}>{props.projectName.trim() || 'Untitled Project'}</p>
        {anchors.length > 0 && (
          <ul className={styles.anchors}>
            {anchors.map((anchor) => (
              <li key={anchor.href}>
                <a href={anchor.href} className={styles.anchor}>
                  {anchor.label}
                </a>
              </li>
            ))}
          </ul>
        )}
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
