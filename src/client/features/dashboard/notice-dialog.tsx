import * as AlertDialog from '@radix-ui/react-alert-dialog';
import styles from './dialog.module.css';

interface NoticeDialogProps {
  title: string;
  message: string;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** An alert the user acknowledges with OK (§8 alerts, and a failed action's server message). */
export function NoticeDialog({ title, message, onClose, onCloseAutoFocus }: NoticeDialogProps) {
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content} onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>
            {message}
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
