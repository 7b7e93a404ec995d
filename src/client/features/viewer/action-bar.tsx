import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Tooltip from '@radix-ui/react-tooltip';
import {
  CheckCircle2,
  Clock,
  Ellipsis,
  FileDown,
  FilePlus2,
  Lock,
  PenLine,
  Send,
} from 'lucide-react';
import { paths } from '../../../shared/paths';
import type { Proposal } from '../../../shared/schemas/proposal';
import {
  phoneLayout,
  SEND_PROPOSAL_HINT,
  SIGN_BEFORE_SEND,
  SIGN_BEFORE_SEND_DETAIL,
  SIGN_BLOCKED_REASON,
  type BarAction,
} from './action-bar-model';
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

const isFact = (action: BarAction) => action.id === 'sent' || action.id === 'signed';
const iconOf = (action: BarAction) =>
  action.id === 'signed' && action.label === 'Signed' ? ICONS.sent : ICONS[action.id];

/**
 * The proposal's action bar (docs/product/viewer.md): the buttons of `actionBar()`, at the bottom of the view. On a
 * phone it keeps one row (`phoneLayout`, decision 0023): what is left out of the row sits in a 'More' menu,
 * which the wider layout hides, since every action fits there.
 */
export function ActionBar({ proposal, actions }: { proposal: Proposal; actions: BarAction[] }) {
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const pdf = usePdf(proposal._id, setAlert);
  const ids = useId();
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

  const { more } = phoneLayout(actions);
  const blockedHint = `${ids}-blocked`;

  return (
    <div className={styles.bar} role="region" aria-label="Proposal actions">
      <ul className={styles.actions}>
        {actions.map((action) => {
          const fact = isFact(action);
          const blocked = !fact && !action.enabled;
          const copy = action.id === 'send-proposal';
          const button = (
            <button
              type="button"
              className={`btn ${TONE[action.id]} ${styles.button} ${fact ? styles.status : ''} ${
                blocked ? styles.blocked : ''
              }`}
              disabled={fact}
              // 'Sign' before sending is blocked, not disabled: it stays focusable and explains itself.
              aria-disabled={blocked ? true : undefined}
              aria-describedby={blocked ? blockedHint : undefined}
              aria-busy={action.id === 'pdf' && pdf.pending ? true : undefined}
              onClick={() => run(action)}
            >
              {action.id === 'pdf' && pdf.pending ? (
                <Spinner size={17} />
              ) : blocked ? (
                <Lock size={17} aria-hidden="true" />
              ) : (
                iconOf(action)
              )}
              {copy ? (
                <SendProposalLabel label={action.label} />
              ) : fact ? (
                <span className={styles.factText}>{action.label}</span>
              ) : (
                action.label
              )}
            </button>
          );
          return (
            <li
              key={action.id}
              className={`${more.includes(action) ? styles.inMore : ''} ${fact ? styles.fact : ''}`}
            >
              {blocked ? <BlockedReason>{button}</BlockedReason> : button}
            </li>
          );
        })}
        {more.length > 0 && (
          <li className={styles.moreItem}>
            <MoreMenu actions={more} onRun={run} />
          </li>
        )}
      </ul>
      {actions.some((action) => !isFact(action) && !action.enabled) && (
        <span id={blockedHint} className="visually-hidden">
          {SIGN_BLOCKED_REASON}
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

/**
 * 'Send Proposal' (the spec's text) over its explanation; both are the control's name, since the
 * name must hold every word it shows (axe label-content-name-mismatch).
 */
function SendProposalLabel({ label }: { label: string }) {
  return (
    <span className={styles.twoLines}>
      <span>{label}</span> <span className={styles.hint}>{SEND_PROPOSAL_HINT}</span>
    </span>
  );
}

/** The blocked action's reason in a tooltip, shown on focus and hover; a click opens the spec's alert. */
function BlockedReason({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        {/* Inside the bar, not in a portal, so it stays within the 'Proposal actions' region. */}
        <Tooltip.Content className={styles.tooltip} side="top" sideOffset={8} collisionPadding={8}>
          {SIGN_BLOCKED_REASON}
          <Tooltip.Arrow className={styles.arrow} />
        </Tooltip.Content>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

/** The phone's 'More' menu: the facts left out of the row as text, then PDF and Send Proposal. */
function MoreMenu({ actions, onRun }: { actions: BarAction[]; onRun: (a: BarAction) => void }) {
  return (
    // Not modal, and rendered inside the bar: the page stays readable to assistive technology
    // (no aria-hidden around it) and the menu stays within the 'Proposal actions' region.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={`btn btn-secondary ${styles.button}`}>
          <Ellipsis size={17} aria-hidden="true" />
          More
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className={styles.menu} side="top" align="end" sideOffset={6}>
        {actions.filter(isFact).map((action) => (
          <DropdownMenu.Label key={action.id} className={styles.menuFact}>
            {iconOf(action)}
            {action.label}
          </DropdownMenu.Label>
        ))}
        {actions
          .filter((action) => !isFact(action))
          .map((action) => (
            <DropdownMenu.Item
              key={action.id}
              className={styles.menuItem}
              onSelect={() => onRun(action)}
            >
              {iconOf(action)}
              {action.id === 'send-proposal' ? (
                <SendProposalLabel label={action.label} />
              ) : (
                action.label
              )}
            </DropdownMenu.Item>
          ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
