import type { ReactNode } from 'react';
import { CheckCircle2, Clock, FileDown, FilePlus2, PenLine, Send } from 'lucide-react';
import { SEND_PROPOSAL_HINT, type BarAction } from './action-bar-model';
import styles from './action-bar.module.css';

/** What the bar's row and its 'More' menu (action-bar-menus.tsx) both show. */

const ICONS: Record<BarAction['id'], ReactNode> = {
  send: <Send size={17} aria-hidden="true" />,
  resend: <Send size={17} aria-hidden="true" />,
  sent: <CheckCircle2 size={17} aria-hidden="true" />,
  sign: <PenLine size={17} aria-hidden="true" />,
  signed: <Clock size={17} aria-hidden="true" />,
  pdf: <FileDown size={17} aria-hidden="true" />,
  'send-proposal': <FilePlus2 size={17} aria-hidden="true" />,
};

export const isFact = (action: BarAction) => action.id === 'sent' || action.id === 'signed';
export const iconOf = (action: BarAction) =>
  action.id === 'signed' && action.label === 'Signed' ? ICONS.sent : ICONS[action.id];

/**
 * 'Send Proposal' (the spec's text) over its explanation; both are the control's name, since the
 * name must hold every word it shows (axe label-content-name-mismatch).
 */
export function SendProposalLabel({ label }: { label: string }) {
  return (
    <span className={styles.twoLines}>
      <span>{label}</span> <span className={styles.hint}>{SEND_PROPOSAL_HINT}</span>
    </span>
  );
}
