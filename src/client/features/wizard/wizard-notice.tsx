import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import styles from './wizard-notice.module.css';

interface WizardNoticeProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  proposalId?: string;
  /** A first action before the links (the signed-by-you notice's 'Edit and withdraw'). */
  action?: ReactNode;
}

/** A full-page message instead of the edit wizard (not the owner, signed, failed to load). */
export function WizardNotice({ icon, title, children, proposalId, action }: WizardNoticeProps) {
  return (
    <div className={styles.noticeWrap}>
      <section className={styles.notice} aria-labelledby="wizard-notice-title">
        <span className={styles.noticeIcon}>{icon}</span>
        <h1 id="wizard-notice-title" className={styles.noticeTitle}>
          {title}
        </h1>
        <div className={styles.noticeText}>{children}</div>
        <div className={styles.noticeActions}>
          {action}
          {proposalId && (
            <Link
              to={paths.proposal(proposalId)}
              className={action ? 'btn btn-secondary' : 'btn btn-primary'}
            >
              View Proposal
            </Link>
          )}
          <Link to={paths.dashboard()} className="btn btn-secondary">
            Back to Dashboard
          </Link>
        </div>
      </section>
    </div>
  );
}
