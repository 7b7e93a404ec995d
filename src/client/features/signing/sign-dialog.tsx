import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Eraser, PenLine } from 'lucide-react';
import type { Proposal } from '../../../shared/schemas/proposal';
import { SIGNING_CONSENT, type SignerRole } from '../../../shared/schemas/signing';
import { BusyButton } from '../../ui/busy-button';
import { CallError } from '../../ui/call-error';
import { Dialog, DialogClose } from '../../ui/dialog';
import dialogStyles from '../../ui/dialog.module.css';
import { Spinner } from '../../ui/spinner';
import { useSign } from './api';
import { SignaturePadCanvas, type PadHandle } from './signature-pad';
import styles from './sign-dialog.module.css';

const SIGN_FAILED = 'We could not save your signature. Please try again.';
export const CHANGED_WHILE_SIGNING =
  'This proposal changed since you opened it. Review the changes before you sign.';

/**
 * Closing leaves the sign route, so the viewer behind is mounted anew and the 'Sign' that opened
 * the dialog is gone: focus its successor in the action bar once it is there, so the keyboard
 * stays where it was rather than falling back to the top of the page.
 */
function findSignAction(): HTMLButtonElement | undefined {
  const bar = document.querySelector('[role="region"][aria-label="Proposal actions"]');
  return Array.from(bar?.querySelectorAll('button') ?? []).find((button) =>
    /^Sign( again)?$/.test(button.textContent?.trim() ?? ''),
  );
}

function focusSignAction() {
  // The page behind the dialog has its own action bar until the route changes.
  const behind = findSignAction();
  let frames = 0;
  const attempt = () => {
    const sign = findSignAction();
    if (sign && sign !== behind) sign.focus();
    else if (++frames < 120) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * The signing overlay (docs/product/signing.md): the pad, 'Clear', a typed alternative, the consent statement the
 * signer accepts by signing, and 'Done Signing' (disabled while the pad is empty, a spinner while
 * submitting). Clicking outside or Escape returns to `closeTo`.
 */
export function SignDialog(props: {
  proposal: Proposal;
  role: SignerRole;
  closeTo: string;
  /** What the page that led here says (after sending: to whom and when, decision 0019). */
  notice?: string | null;
  /** Called once the signature is saved; the page moves on to the signed page. */
  onSigned: () => void;
}) {
  const { proposal, role } = props;
  const navigate = useNavigate();
  const sign = useSign(proposal._id);
  const pad = useRef<PadHandle>(null);
  const content = useRef<HTMLDivElement>(null);
  const typedInput = useRef<HTMLInputElement>(null);
  const noticeId = useId();
  const [empty, setEmpty] = useState(true);
  const [typed, setTyped] = useState('');
  // What the signer was shown when the dialog opened is what they sign (decision 0006). A save
  // landing behind the dialog (seen through a refused signature or a refetch on reconnect) is
  // reviewed first: the dialog says so and signs nothing newer than it showed.
  const [shownVersion] = useState(proposal.version);
  const changed = proposal.version !== shownVersion;
  const busy = sign.isPending;
  const done = useRef<HTMLButtonElement>(null);
  const review = useRef<HTMLButtonElement>(null);
  // Done Signing turns disabled as the change is found, often while it has the focus (it was
  // just pressed): the focus goes to the way on, not out of the dialog.
  useEffect(() => {
    if (!changed) return;
    const active = document.activeElement;
    if (active === done.current || active === document.body) review.current?.focus();
  }, [changed]);

  const close = () => {
    if (busy) return;
    void navigate(props.closeTo, { replace: true });
    focusSignAction();
  };

  // Two presses in one moment (a double tap) both find `busy` false, as React has not drawn it
  // yet: the second would be refused as signed already, and it would take the first one's
  // success with it (only the last call's callbacks run).
  const signing = useRef(false);
  const submit = () => {
    const current = pad.current;
    if (empty || busy || changed || !current || signing.current) return;
    signing.current = true;
    sign.mutate(
      { png: () => current.toPng(), role, version: shownVersion },
      {
        onSuccess: props.onSigned,
        onSettled: () => {
          signing.current = false;
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      busy={busy}
      className={styles.content}
      titleClassName={styles.title}
      title={`Sign as ${role === 'homeowner' ? 'Homeowner' : 'Contractor'}`}
      description="Draw your signature in the box with your mouse, finger or stylus."
      describedBy={props.notice ? noticeId : undefined}
      contentRef={content}
      // Focus the dialog itself: its title is read out, and a phone keeps its keyboard down
      // (the first field is the typed-name alternative).
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        content.current?.focus();
      }}
      // The element focused before it opened is gone (see focusSignAction).
      onCloseAutoFocus={(event) => event.preventDefault()}
    >
      {props.notice && (
        <p id={noticeId} role="status" className={styles.notice}>
          {props.notice}
        </p>
      )}
      <div className={styles.padFrame}>
        <span id="sign-pad-label" className="visually-hidden">
          Signature pad
        </span>
        <SignaturePadCanvas
          handle={pad}
          onEmptyChange={setEmpty}
          labelledBy="sign-pad-label"
          disabled={busy}
        />
        <span className={styles.baseline} aria-hidden="true">
          <PenLine size={16} />
        </span>
      </div>
      <div className={styles.tools}>
        <label className={styles.typed}>
          <span>Or type your full name</span>
          <input
            ref={typedInput}
            type="text"
            autoComplete="name"
            value={typed}
            disabled={busy}
            onChange={(event) => {
              setTyped(event.target.value);
              void pad.current?.write(event.target.value);
            }}
          />
        </label>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy || empty}
          onClick={(event) => {
            const focused = document.activeElement === event.currentTarget;
            setTyped('');
            pad.current?.clear();
            // Clearing disables this button, and a disabled button loses focus to <body>: the
            // keyboard (a click without a pointer, detail 0) goes on to the typed name, its next
            // step; a pointer to the panel, as on opening, so a phone keeps its keyboard down.
            if (event.detail === 0) typedInput.current?.focus();
            else if (focused) content.current?.focus();
          }}
        >
          <Eraser size={16} aria-hidden="true" />
          Clear
        </button>
      </div>
      <p id="sign-consent" className={styles.consent}>
        {SIGNING_CONSENT}
      </p>
      {changed ? (
        <div role="alert" className={styles.changed}>
          <p>{CHANGED_WHILE_SIGNING}</p>
          <button ref={review} type="button" className="btn btn-secondary btn-sm" onClick={close}>
            Review the changes
          </button>
        </div>
      ) : (
        sign.isError && (
          <CallError
            error={sign.error}
            fallback={SIGN_FAILED}
            serverFaults="hide"
            className={styles.error}
          />
        )
      )}
      <div className={dialogStyles.actions}>
        <DialogClose className="btn btn-secondary" disabled={busy}>
          Cancel
        </DialogClose>
        <BusyButton
          ref={done}
          className="btn btn-primary"
          disabled={empty || changed}
          busy={busy}
          aria-describedby="sign-consent"
          onClick={submit}
        >
          {busy && <Spinner />}
          Done Signing
        </BusyButton>
      </div>
    </Dialog>
  );
}
