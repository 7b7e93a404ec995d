import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { DialogStyles } from './confirm-dialog';
import dialogStyles from './dialog.module.css';

interface NoticeDialogProps {
  /** The dialog's title and accessible name; null keeps the dialog closed. */
  title: string | null;
  /** Shown under the title; without it the title is repeated as a hidden description. */
  message?: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** overlay, content, title, description and actions; the shared dialog look by default. */
  styles?: DialogStyles;
}

/**
 * An alert the user acknowledges with OK (docs/product/errors.md alerts, and a failed action's server message). Focus
 * is trapped and returns to the control that opened it.
 */
export function NoticeDialog({
  title,
  message,
  onClose,
  onCloseAutoFocus,
  styles = dialogStyles,
}: NoticeDialogProps) {
  return (
    <AlertDialog.Root
      open={title !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content} onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          <AlertDialog.Description className={message ? styles.description : 'visually-hidden'}>
            {message ?? title}
          </AlertDialog.Description>
          <div className={styles.actions}>
            {/* Cancel, not Action: AlertDialog puts the first focus on its Cancel button. */}
            <AlertDialog.Cancel className="btn btn-primary">OK</AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
