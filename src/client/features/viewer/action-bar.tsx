import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CheckCircle2, Clock, FileDown, FilePlus2, PenLine, Send } from 'lucide-react';
import { paths } from '../../../shared/paths';
import type { Proposal } from '../../../shared/schemas/proposal';
import { SIGN_BEFORE_SEND, SIGN_BEFORE_SEND_DETAIL, type BarAction } from './action-bar-model';
import { NoticeDialog } from '../../ui/notice-dialog';
import { sendProposalDraft } from './send-proposal-draft';
import { Spinner } from '../../ui/spinner';
import { usePdf } from './use-pdf';
import styles from './action-bar.module.css';

const ICONS: Record<BarAction['id'], ReactNode> = {
  send: <Send size={17} aria-hidden="true" />,
  resend: <Send size={17} aria-hidden="true" />,
  sent: <CheckCircle2 size={17} aria-hidden="true" />,
  sign: <PenLine size={17} aria-hidden="true" />,
  signed: <Clock size={17} aria-hidden="true" />,
  pdf: <FileDown size={17} aria-hidden="true" />,
  'send-proposal': <FilePlus2 size={17} aria-hidden="true" />,
};

const TONE: Record<BarAction['id'], string> = {
  send: 'btn-primary',
  resend: 'btn-primary',
  sent: 'btn-secondary',
  sign: 'btn-accent',
  signed: 'btn-secondary',
  pdf: 'btn-secondary',
  'send-proposal': 'btn-secondary',
};

/** The proposal's action bar (docs/product/viewer.md): the buttons of `actionBar()`, at the bottom of the view. */
export function ActionBar({ proposal, actions }: { proposal: Proposal; actions: BarAction[] }) {
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const pdf = usePdf(proposal._id, setAlert);
  const id = proposal._id;
  if (actions.length === 0) return null;

  const run = (action: BarAction) => {
    switch (action.id) {
      case 'send':
      case 'resend':
        return void navigate(paths.proposalSend(id));
      case 'sign':
        // docs/product/viewer.md: before sending, trying to sign only explains why not.
        if (!action.enabled) return setAlert(SIGN_BEFORE_SEND);
        return void navigate(paths.proposalSign(id));
      case 'pdf':
        return pdf.open();
      case 'send-proposal':
        return void navigate(paths.create(), { state: { draft: sendProposalDraft(proposal) } });
      case 'sent':
      case 'signed':
        return undefined;
    }
  };

  return (
    <div className={styles.bar} role="region" aria-label="Proposal actions">
      <ul className={styles.actions}>
        {actions.map((action) => {
          const status = action.id === 'sent' || action.id === 'signed';
          const icon =
            action.id === 'signed' && action.label === 'Signed' ? ICONS.sent : ICONS[action.id];
          return (
            <li key={action.id}>
              <button
                type="button"
                className={`btn ${TONE[action.id]} ${styles.button} ${status ? styles.status : ''}`}
                disabled={status}
                // 'Sign' before sending looks disabled but stays clickable, to explain itself.
                data-blocked={!status && !action.enabled ? true : undefined}
                aria-describedby={!status && !action.enabled ? 'sign-blocked-hint' : undefined}
                aria-busy={action.id === 'pdf' && pdf.pending ? true : undefined}
                onClick={() => run(action)}
              >
                {action.id === 'pdf' && pdf.pending ? <Spinner size={17} /> : icon}
                {action.label}
              </button>
            </li>
          );
        })}
      </ul>
      {actions.some((action) => action.id === 'sign' && !action.enabled) && (
        <span id="sign-blocked-hint" className="visually-hidden">
          You can sign once the proposal has been sent to the homeowner.
        </span>
      )}
      <NoticeDialog
        title={alert}
        message={alert === SIGN_BEFORE_SEND ? SIGN_BEFORE_SEND_DETAIL : undefined}
        onClose={() => setAlert(null)}
      />
    </div>
  );
}
