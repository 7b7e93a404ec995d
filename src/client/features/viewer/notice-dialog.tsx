import * as AlertDialog from '@radix-ui/react-alert-dialog';
import styles from './dialog.module.css';

/**
 * An alert the user acknowledges with OK (§8 alerts). The message is the dialog's title, so it is
 * its accessible name; focus is trapped and returns to the control that opened it.
 */
export function NoticeDialog(props: {
  message: string | null;
  detail?: string;
  onClose: () => void;
}) {
  return (
    <AlertDialog.Root
      open={props.message !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content}>
          <AlertDialog.Title className={styles.title}>{props.message}</AlertDialog.Title>
          <AlertDialog.Description
            className={props.detail ? styles.description : 'visually-hidden'}
          >
            {props.detail ?? props.message}
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
