import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, exactly as the spec words it. */
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  /** Where focus goes when the dialog closes; call preventDefault() to place it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A confirmation (Radix AlertDialog): focus is trapped inside, Escape or Cancel closes it, and
 * focus returns to where it was. Cancel is focused first so Enter never destroys anything.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={styles.content}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className={styles.description}>
              {description}
            </AlertDialog.Description>
          )}
          <div className={styles.actions}>
            <AlertDialog.Cancel className="btn btn-secondary">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={`btn ${tone === 'danger' ? styles.danger : 'btn-primary'}`}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
