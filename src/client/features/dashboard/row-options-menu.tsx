import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import { Fragment, useId, useRef, useState } from 'react';
import { groupMenuEntries, type MenuEntry } from './menu-entries';
import { MenuEntryItem, type RowAction } from './menu-entry-item';
import { BusyButton } from '../../ui/busy-button';
import { Spinner } from '../../ui/spinner';
import { MAIN_CONTENT_ID } from '../public/frame/skip-link';
import styles from './row-options-menu.module.css';

interface RowOptionsMenuProps {
  /** The trigger's name: 'Options for {title}', with what tells the row apart (row-model `rowNames`). */
  name: string;
  entries: MenuEntry[];
  /** An action of this row is running (Duplicate): the trigger shows a spinner and stays shut. */
  busy: boolean;
  onAction: (action: RowAction, trigger: HTMLElement | null) => void;
}

/** The row's Options menu (docs/product/dashboard.md): keyboard-operable, focus back on the trigger when it closes. */
export function RowOptionsMenu({ name, entries, busy, onAction }: RowOptionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // A dialog is about to open: the menu must not pull focus back to its trigger.
  const handingOver = useRef(false);
  const sharingLabel = useId();

  const act = (action: RowAction) => {
    handingOver.current = action !== 'duplicate';
    onAction(action, trigger.current);
  };

  return (
    // Not modal: a modal menu hides the whole page from screen readers (aria-hidden on the root)
    // while its trigger stays focusable (axe aria-hidden-focus). It still closes on Escape, on a
    // click outside and on choosing, and gives focus back to the trigger.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={(next) => setOpen(next && !busy)}>
      <DropdownMenu.Trigger asChild>
        <BusyButton ref={trigger} className={styles.trigger} aria-label={name} busy={busy}>
          {busy ? <Spinner size={18} /> : <Ellipsis size={20} aria-hidden="true" />}
        </BusyButton>
      </DropdownMenu.Trigger>
      {/* In <main>, so the open menu is inside a landmark like the row it belongs to (axe region). */}
      <DropdownMenu.Portal container={document.getElementById(MAIN_CONTENT_ID)}>
        <DropdownMenu.Content
          className={styles.menu}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (handingOver.current) event.preventDefault();
            handingOver.current = false;
          }}
        >
          {groupMenuEntries(entries).map(({ group, entries: groupEntries }, index) => (
            <Fragment key={group}>
              {index > 0 && <DropdownMenu.Separator className={styles.separator} />}
              <DropdownMenu.Group aria-labelledby={group === 'sharing' ? sharingLabel : undefined}>
                {group === 'sharing' && (
                  <DropdownMenu.Label id={sharingLabel} className={styles.label}>
                    Sharing
                  </DropdownMenu.Label>
                )}
                {groupEntries.map((entry) => (
                  <MenuEntryItem key={entry.kind} entry={entry} onAction={act} />
                ))}
              </DropdownMenu.Group>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
