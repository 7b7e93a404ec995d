import { useCallback, useRef, useState, type RefObject } from 'react';
import type { ProposalListItem } from '../../../shared/schemas/proposal';

/**
 * The one dialog the dashboard shows at a time. Dialogs live beside the list, not inside a row,
 * because a delete or reassign removes the row while its dialog is still open.
 * `returnFocus` is the row's Options button: focus goes back there when the dialog closes.
 */
export type DashboardDialog =
  | { kind: 'delete'; item: ProposalListItem; returnFocus: HTMLElement | null }
  | { kind: 'archive' | 'unarchive'; item: ProposalListItem; returnFocus: HTMLElement | null }
  | { kind: 'visibility'; item: ProposalListItem; returnFocus: HTMLElement | null }
  /** Choose a listed contractor, then confirm (`confirmReassign`). */
  | { kind: 'reassign'; item: ProposalListItem; returnFocus: HTMLElement | null }
  | {
      kind: 'confirmReassign';
      item: ProposalListItem;
      email: string;
      returnFocus: HTMLElement | null;
    }
  | { kind: 'copyUrl'; item: ProposalListItem; returnFocus: HTMLElement | null }
  | { kind: 'notice'; title: string; message: string; returnFocus: HTMLElement | null };

export interface DashboardDialogs {
  dialog: DashboardDialog | null;
  open: (next: DashboardDialog) => void;
  close: () => void;
  /** A dialog's `onCloseAutoFocus`: back to its trigger, or to the list when the row is gone. */
  restoreFocus: (returnFocus: HTMLElement | null) => (event: Event) => void;
}

export function useDashboardDialogs(fallback: RefObject<HTMLElement | null>): DashboardDialogs {
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  // Read when a closed dialog hands focus back: if another dialog replaced it, focus stays there.
  const current = useRef<DashboardDialog | null>(null);

  const open = useCallback((next: DashboardDialog) => {
    current.current = next;
    setDialog(next);
  }, []);
  const close = useCallback(() => {
    current.current = null;
    setDialog(null);
  }, []);
  const restoreFocus = useCallback(
    (returnFocus: HTMLElement | null) => (event: Event) => {
      event.preventDefault();
      if (current.current) return;
      const target = returnFocus?.isConnected ? returnFocus : fallback.current;
      target?.focus();
    },
    [fallback],
  );

  return { dialog, open, close, restoreFocus };
}
