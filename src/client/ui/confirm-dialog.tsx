import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';
import { useReturnFocus } from './return-focus';
import { Spinner } from './spinner';
import dialogStyles from './dialog.module.css';

/** A feature's dialog look: its CSS module with these classes. */
export type DialogStyles = Readonly<Record<string, string>>;

interface ConfirmDialogProps {
  /** Whether the dialog is shown; leave it out when the caller mounts it only while open. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Escape, Cancel or the overlay closed the dialog (not while pending). */
  onCancel?: () => void;
  /** The question, exactly as the spec words it. */
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  /**
   * Set when the caller runs the action and closes the dialog itself: Confirm then keeps the
   * dialog open, and while true both buttons are disabled and the dialog cannot be dismissed.
   * Leave it out and Confirm closes the dialog.
   */
  pending?: boolean;
  /** The server's message when the action failed; the dialog stays open to try again. */
  error?: string | null;
  onConfirm: () => void;
  /**
   * A third answer between Cancel and Confirm ('Put it back'): the caller acts and closes the
   * dialog. Disabled with the others while pending.
   */
  alternative?: { label: string; onSelect: () => void };
  /** Where focus goes when the dialog closes; call preventDefault() to place it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * overlay, content, title, description, actions, danger, alert and threeAnswers; the shared look
   * (ui/dialog.module.css) unless a feature needs its own.
   */
  styles?: DialogStyles;
}

/**
 * A confirmation (Radix AlertDialog): focus is trapped inside, Escape or Cancel closes it, and
 * focus returns to where it was. Cancel is focused first so Enter never destroys anything; busy
 * buttons use aria-disabled so focus is not thrown out of the dialog while the call runs.
 */
export function ConfirmDialog({
  open = true,
  onOpenChange,
  onCancel,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  pending,
  error,
  onConfirm,
  alternative,
  onCloseAutoFocus,
  styles = dialogStyles,
}: ConfirmDialogProps) {
  const confirmClass = `btn ${tone === 'danger' ? styles.danger : 'btn-primary'}`;
  const focus = useReturnFocus({ onCloseAutoFocus });
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange?.(next);
        if (!next) onCancel?.();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={
            alternative ? `${styles.content} ${styles.threeAnswers ?? ''}` : styles.content
          }
          onEscapeKeyDown={(event) => {
            if (pending) event.preventDefault();
          }}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className={styles.description}>
              {description}
            </AlertDialog.Description>
          )}
          {error && (
            <p role="alert" className={styles.alert}>
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <AlertDialog.Cancel className="btn btn-secondary" aria-disabled={pending || undefined}>
              {cancelLabel}
            </AlertDialog.Cancel>
            {alternative && (
              <button
                type="button"
                className="btn btn-secondary"
                aria-disabled={pending || undefined}
                onClick={() => {
                  if (!pending) alternative.onSelect();
                }}
              >
                {alternative.label}
              </button>
            )}
            {pending === undefined ? (
              <AlertDialog.Action className={confirmClass} onClick={onConfirm}>
                {confirmLabel}
              </AlertDialog.Action>
            ) : (
              <BusyButton className={confirmClass} busy={pending} onClick={() => onConfirm()}>
                {pending && <Spinner />}
                {confirmLabel}
              </BusyButton>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
