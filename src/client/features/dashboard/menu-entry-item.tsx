import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  Archive,
  ArchiveRestore,
  CopyPlus,
  Globe,
  Link2,
  Lock,
  Pencil,
  ShoppingCart,
  Trash2,
  UserRoundPen,
} from 'lucide-react';
import { Link } from 'react-router';
import type { MenuEntry } from './menu-entries';
import styles from './row-options-menu.module.css';

/** What a menu entry asks the row to do (the link entries navigate by themselves). */
export type RowAction = Exclude<MenuEntry['kind'], 'shopping' | 'edit'>;

const ICON = { size: 16, 'aria-hidden': true } as const;

/** One entry of a row's Options menu: a link or an action. */
export function MenuEntryItem({
  entry,
  onAction,
}: {
  entry: MenuEntry;
  onAction: (action: RowAction) => void;
}) {
  switch (entry.kind) {
    case 'shopping':
    case 'edit':
      return (
        <DropdownMenu.Item asChild className={styles.item}>
          <Link to={entry.href}>
            {entry.kind === 'shopping' ? <ShoppingCart {...ICON} /> : <Pencil {...ICON} />}
            {entry.label}
          </Link>
        </DropdownMenu.Item>
      );
    case 'duplicate':
    case 'delete':
    case 'archive':
    case 'unarchive':
    case 'copyUrl':
    case 'visibility':
    case 'reassign': {
      const Icon = {
        duplicate: CopyPlus,
        delete: Trash2,
        archive: Archive,
        unarchive: ArchiveRestore,
        copyUrl: Link2,
        visibility: entry.label === 'Make Private' ? Lock : Globe,
        reassign: UserRoundPen,
      }[entry.kind];
      return (
        <DropdownMenu.Item
          className={entry.kind === 'delete' ? `${styles.item} ${styles.danger}` : styles.item}
          onSelect={() => onAction(entry.kind)}
        >
          <Icon {...ICON} />
          {entry.label}
        </DropdownMenu.Item>
      );
    }
  }
}
