import { useId, useRef, useState } from 'react';
import { useFocusClearOfBar } from '../../ui/focus-clear-of-bar';
import { useNavigate } from 'react-router';
import { Ellipsis, Lock } from 'lucide-react';
import { paths } from '../../../shared/paths';
import type { Proposal } from '../../../shared/schemas/proposal';
import {
  phoneLayout,
  SIGN_BEFORE_SEND,
  SIGN_BEFORE_SEND_DETAIL,
  SIGN_BLOCKED_REASON,
  type BarAction,
} from './action-bar-model';
import { iconOf, isFact, SendProposalLabel } from './action-bar-parts';
import { sendProposalDraft } from './send-proposal-draft';
import { keyDown, onFirstUse, pointerDown, useOnFirstUse } from '../../ui/on-first-use';
import { Spinner } from '../../ui/spinner';
import { usePdf } from './use-pdf';
import styles from './action-bar.module.css';

const TONE: Record<BarAction['id'], string> = {
  send: 'btn-primary',
  resend: 'btn-primary',
  sent: 'btn-secondary',
  sign: 'btn-accent',
  signed: 'btn-secondary',
  pdf: 'btn-secondary',
  'send-proposal': 'btn-secondary',
};

/**
 * The bar's tooltip, 'More' menu and alert (Radix) load at the first sign of use of the bar
 * (decision 0037); until then the same buttons stand in.
 */
const barMenus = onFirstUse(() => import('./action-bar-menus'));

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
  const bar = useRef<HTMLDivElement>(null);
  useFocusClearOfBar(bar);
  const { loaded: menus, start: load, replay } = useOnFirstUse(barMenus, bar);
  const id = proposal._id;
  if (actions.length === 0) return null;

  const run = (action: BarAction) => {
    switch (action.id) {
      case 'send':
      case 'resend':
        return void navigate(paths.proposalSend(id));
      case 'sign':
        // docs/product/viewer.md: before sending, trying to sign only explains why not.
        if (!action.enabled) {
          load();
          return setAlert(SIGN_BEFORE_SEND);
        }
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

  /**
   * Where an action goes, when it is a page of its own. Such a button submits a GET form to it:
   * on the page rendered on the server (decision 0040) a press before the app has taken over
   * still goes there, the browser's own way; once the app is there it navigates in the page.
   */
  const hrefOf = (action: BarAction): string | undefined => {
    if (action.id === 'sign' && action.enabled) return paths.proposalSign(id);
    if (action.id === 'send' || action.id === 'resend') return paths.proposalSend(id);
    // The printable page in a tab of its own; it loads for the proposal's people with their
    // session alone, the only readers who have this button (decision 0080).
    if (action.id === 'pdf') return paths.print(id);
    return undefined;
  };

  const { more } = phoneLayout(actions);
  const blockedHint = `${ids}-blocked`;
  const moreLabel = (
    <>
      <Ellipsis size={17} aria-hidden="true" />
      More
    </>
  );
  const moreClass = `btn btn-secondary ${styles.button}`;

  return (
    <div
      ref={bar}
      className={styles.bar}
      data-sticky-bottom
      role="region"
      aria-label="Proposal actions"
      onPointerEnter={load}
      onPointerDown={load}
      onTouchStart={load}
      onFocus={load}
    >
      <ul className={styles.actions}>
        {actions.map((action) => {
          const fact = isFact(action);
          const blocked = !fact && !action.enabled;
          const copy = action.id === 'send-proposal';
          const href = hrefOf(action);
          const button = (
            <button
              type={href ? 'submit' : 'button'}
              className={`btn ${TONE[action.id]} ${styles.button} ${fact ? styles.status : ''} ${
                blocked ? styles.blocked : ''
              }`}
              disabled={fact}
              // 'Sign' before sending is blocked, not disabled: it stays focusable and explains itself.
              aria-disabled={blocked ? true : undefined}
              aria-describedby={blocked ? blockedHint : undefined}
              aria-busy={action.id === 'pdf' && pdf.pending ? true : undefined}
              onClick={(event) => {
                if (href) event.preventDefault();
                run(action);
              }}
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
              {blocked && menus ? (
                <menus.BlockedReason>{button}</menus.BlockedReason>
              ) : href ? (
                <form
                  method="get"
                  action={href}
                  className={styles.form}
                  {...(action.id === 'pdf' ? { target: '_blank', rel: 'noopener' } : {})}
                >
                  {button}
                </form>
              ) : (
                button
              )}
            </li>
          );
        })}
        {more.length > 0 && (
          <li className={styles.moreItem}>
            {menus ? (
              <menus.MoreMenu
                actions={more}
                onRun={run}
                trigger={
                  <button type="button" className={moreClass}>
                    {moreLabel}
                  </button>
                }
              />
            ) : (
              // What Radix's trigger renders while closed; a press opens the menu once loaded.
              <button
                type="button"
                className={moreClass}
                aria-haspopup="menu"
                aria-expanded={false}
                data-state="closed"
                onKeyDown={(event) => {
                  if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
                  event.preventDefault();
                  replay(event, keyDown(event.key));
                }}
                onPointerDown={(event) => {
                  if (event.button === 0 && !event.ctrlKey)
                    replay(event, pointerDown(event.pointerType));
                }}
              >
                {moreLabel}
              </button>
            )}
          </li>
        )}
      </ul>
      {actions.some((action) => !isFact(action) && !action.enabled) && (
        <span id={blockedHint} className="visually-hidden">
          {SIGN_BLOCKED_REASON}
        </span>
      )}
      {menus && (
        <menus.NoticeDialog
          title={alert}
          message={alert === SIGN_BEFORE_SEND ? SIGN_BEFORE_SEND_DETAIL : undefined}
          onClose={() => setAlert(null)}
        />
      )}
    </div>
  );
}
