import { useState } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Check, Copy, LoaderCircle } from 'lucide-react';
import { writeClipboard } from '../../lib/clipboard';
import { BusyButton } from '../../ui/busy-button';
import dialogStyles from '../../ui/dialog.module.css';
import { useReturnFocus } from '../../ui/return-focus';
import styles from './wizard-notice.module.css';

interface StaleVersionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: string;
  /** The user's unsaved text as the form holds it when 'Copy my text' is pressed. */
  text: () => string;
  reloading: boolean;
  reloadError: string | null;
  onReload: () => void;
  /**
   * The 409 was `contractor_signed`: the owner signed (in another tab) after the editor opened,
   * and nothing else changed. Reloading would put the editor behind the signed notice and drop
   * what was typed, so this saves it as typed once they agree that it withdraws their signature.
   */
  withdraw?: { saving: boolean; onConfirm: () => void };
  /** Closing: place focus here (preventDefault) rather than back where it was when it opened. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The title when the 409 was `contractor_signed` (docs/product/signing.md). */
export const SIGNED_WHILE_EDITING = 'You signed this proposal while editing it';
export const SAVE_AND_WITHDRAW = 'Save and withdraw my signature';
/** Reloading replaces the form with the latest version: said before the button that does it. */
export const RELOAD_DISCARDS =
  'Reloading shows the latest version and discards what you typed here. Copy your text first to keep it.';
export const DISCARD_AND_RELOAD = 'Discard mine and reload';

/**
 * The proposal was saved elsewhere since it was opened (409). Nothing is overwritten: the user
 * keeps their text on screen (and may copy it), or reloads the latest version, which discards
 * it and says so on the button; or, when only their own signature came in between (`withdraw`),
 * saves and withdraws it.
 */
export function StaleVersionDialog(props: StaleVersionDialogProps) {
  const { open, onOpenChange, message, text, reloading, reloadError, onReload, withdraw } = props;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const focus = useReturnFocus({ onCloseAutoFocus: props.onCloseAutoFocus });

  const copy = () => {
    void writeClipboard(text()).then((done) => setCopied(done ? 'yes' : 'failed'));
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogStyles.overlay} />
        <AlertDialog.Content
          className={`${dialogStyles.content} ${dialogStyles.wide}`}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <AlertDialog.Title className={dialogStyles.title}>
            {withdraw ? SIGNED_WHILE_EDITING : 'This proposal was changed elsewhere'}
          </AlertDialog.Title>
          <AlertDialog.Description className={dialogStyles.description}>
            {message}
          </AlertDialog.Description>
          {!withdraw && <p className={styles.dialogWarning}>{RELOAD_DISCARDS}</p>}
          <p className={styles.dialogNote} role="status">
            {copied === 'yes'
              ? 'Your text is copied. Paste it anywhere to keep it.'
              : copied === 'failed'
                ? 'Copying did not work here. Your text stays on the page until you reload.'
                : ''}
          </p>
          {reloadError && (
            <p className={styles.dialogError} role="alert">
              {reloadError}
            </p>
          )}
          <div className={dialogStyles.actions}>
            <button type="button" className="btn btn-secondary" onClick={copy}>
              {copied === 'yes' ? (
                <Check size={16} aria-hidden="true" />
              ) : (
                <Copy size={16} aria-hidden="true" />
              )}
              Copy my text
            </button>
            <AlertDialog.Cancel className="btn btn-secondary">Keep editing</AlertDialog.Cancel>
            {withdraw ? (
              <BusyButton
                className={`btn btn-primary ${styles.wrappingAction}`}
                busy={withdraw.saving}
                onClick={() => withdraw.onConfirm()}
              >
                {withdraw.saving && (
                  <LoaderCircle size={16} className={styles.spin} aria-hidden="true" />
                )}
                {SAVE_AND_WITHDRAW}
              </BusyButton>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={onReload}
                disabled={reloading}
                aria-busy={reloading || undefined}
              >
                {reloading && <LoaderCircle size={16} className={styles.spin} aria-hidden="true" />}
                {DISCARD_AND_RELOAD}
              </button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
