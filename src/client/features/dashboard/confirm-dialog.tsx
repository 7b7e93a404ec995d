import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './dialog.module.css';

interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone: 'danger' | 'primary';
  /** The action is running: both buttons are disabled and the dialog cannot be dismissed. */
  pending: boolean;
  /** The server's message when the action failed; the dialog stays open to try again. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * A confirmation (§5: reassign, publish toggle, delete). Focus starts on Cancel and is trapped;
 * busy buttons use aria-disabled so focus is not thrown out of the dialog while the call runs.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { pending, error } = props;
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !pending) props.onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={styles.content}
          onEscapeKeyDown={(event) => {
            if (pending) event.preventDefault();
          }}
          onCloseAutoFocus={props.onCloseAutoFocus}
        >
          <AlertDialog.Title className={styles.title}>{props.title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>
            {props.description}
          </AlertDialog.Description>
          {error && (
            <p role="alert" className={styles.alert}>
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <AlertDialog.Cancel className="btn btn-secondary" aria-disabled={pending || undefined}>
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              className={`btn ${props.tone === 'danger' ? styles.danger : 'btn-primary'}`}
              aria-disabled={pending || undefined}
              aria-busy={pending || undefined}
              onClick={() => {
                if (!pending) props.onConfirm();
              }}
            >
              {pending && <Spinner />}
              {props.confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
