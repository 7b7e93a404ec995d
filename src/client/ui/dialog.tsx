import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useId, type ReactElement, type ReactNode, type Ref } from 'react';
import styles from './dialog.module.css';
import { useReturnFocus } from './return-focus';

interface DialogProps {
  /** Controlled: whether it is shown. Leave out with `trigger` to let the dialog keep its state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it; focus returns to it on close. */
  trigger?: ReactElement;
  /** The dialog's accessible name. */
  title: ReactNode;
  /** Its accessible description; without one the content is not described. */
  description?: ReactNode;
  /**
   * Ids of what else describes it, read after `description`: text that is already there when it
   * opens (a live region announces only changes, so it would not be heard).
   */
  describedBy?: string;
  /** 'form' for dialogs holding fields, 'wide' for a long message with several actions. */
  size?: 'default' | 'form' | 'wide';
  /** The call runs: Escape, the overlay and the × do not close it. */
  busy?: boolean;
  /** The feature's class for the panel, for what differs (a width through --dialog-width). */
  className?: string;
  titleClassName?: string;
  /** The panel itself, e.g. to focus it rather than its first field. */
  contentRef?: Ref<HTMLDivElement>;
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/**
 * A modal dialog (Radix Dialog): focus moves in and is trapped, Escape, the overlay or the ×
 * close it, and focus returns to what opened it. One look for every feature (ui/dialog.module.css).
 */
export function Dialog(props: DialogProps) {
  const { busy = false, size = 'default', description, describedBy, contentRef, ...rest } = props;
  const descriptionId = useId();
  // Named here rather than by Radix's Description, which would put its own id after `describedBy`.
  const describedByIds =
    [description ? descriptionId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  // With a trigger Radix gives focus back to it; opened by state, to what had focus.
  const focus = useReturnFocus(rest);
  const contentClass = [styles.content, size === 'default' ? '' : styles[size], rest.className]
    .filter(Boolean)
    .join(' ');
  return (
    <RadixDialog.Root
      open={rest.open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        rest.onOpenChange?.(next);
      }}
    >
      {rest.trigger && <RadixDialog.Trigger asChild>{rest.trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          ref={contentRef}
          className={contentClass}
          onOpenAutoFocus={rest.trigger ? rest.onOpenAutoFocus : focus.onOpenAutoFocus}
          onCloseAutoFocus={rest.trigger ? rest.onCloseAutoFocus : focus.onCloseAutoFocus}
          aria-describedby={describedByIds}
        >
          <RadixDialog.Title className={rest.titleClassName ?? styles.title}>
            {rest.title}
          </RadixDialog.Title>
          {description && (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          )}
          {rest.children}
          <RadixDialog.Close
            className={styles.closeIcon}
            aria-label="Close"
            aria-disabled={busy || undefined}
          >
            <X size={20} aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button inside a Dialog that closes it (Cancel, Close). */
export const DialogClose = RadixDialog.Close;
