import type { DashboardDialogs } from './dialog-state';
import { ContractorChooserDialog } from './contractor-chooser-dialog';
import { CopyUrlDialog } from './copy-url-dialog';
import { ArchiveDialog } from './archive-dialog';
import { DeleteDialog } from './delete-dialog';
import { NoticeDialog } from '../../ui/notice-dialog';
import { ReassignDialog } from './reassign-dialog';
import { VisibilityDialog } from './visibility-dialog';

interface DashboardDialogsViewProps {
  dialogs: DashboardDialogs;
  /** A line for the page's status message after an action that removed a row. */
  onDone: (message: string) => void;
}

/** Whichever dialog the dashboard has open, wired to its mutation. */
export function DashboardDialogsView({ dialogs, onDone }: DashboardDialogsViewProps) {
  const { dialog, open, close, restoreFocus } = dialogs;
  if (!dialog) return null;
  const onCloseAutoFocus = restoreFocus(dialog.returnFocus);

  switch (dialog.kind) {
    case 'delete':
      return (
        <DeleteDialog
          item={dialog.item}
          onClose={close}
          onDeleted={(message) => {
            close();
            onDone(message);
          }}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
    case 'archive':
    case 'unarchive':
      return (
        <ArchiveDialog
          item={dialog.item}
          archive={dialog.kind === 'archive'}
          onClose={close}
          onDone={(message) => {
            close();
            onDone(message);
          }}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
    case 'visibility':
      return (
        <VisibilityDialog
          item={dialog.item}
          onClose={close}
          onUpdated={(title, message) =>
            open({ kind: 'notice', title, message, returnFocus: dialog.returnFocus })
          }
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
    case 'reassign':
      return (
        <ContractorChooserDialog
          item={dialog.item}
          onClose={close}
          onChoose={(email) =>
            open({
              kind: 'confirmReassign',
              item: dialog.item,
              email,
              returnFocus: dialog.returnFocus,
            })
          }
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
    case 'confirmReassign':
      return (
        <ReassignDialog
          item={dialog.item}
          email={dialog.email}
          onClose={close}
          onReassigned={(message) => {
            close();
            onDone(message);
          }}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
    case 'copyUrl':
      return (
        <CopyUrlDialog item={dialog.item} onClose={close} onCloseAutoFocus={onCloseAutoFocus} />
      );
    case 'notice':
      return (
        <NoticeDialog
          title={dialog.title}
          message={dialog.message}
          onClose={close}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      );
  }
}
