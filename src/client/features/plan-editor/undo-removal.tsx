import { createContext, useContext, useEffect } from 'react';
import type { ItemRemoval } from '../../../shared/domain/plan-editor';
import { Toast } from '../../ui/toast';
import { displayName } from './announcements';
import { groupOf, usePlanSelector } from './plan-store';

/*
 * Undo for a removed item (decision 0086): the item list tells the plan editor what it removed;
 * the editor shows a toast, which says itself to screen readers, whose Undo puts the item back.
 */

/** Told of each item removed by its Remove button, with what puts it back. */
export const ItemRemovedContext = createContext<(removal: ItemRemoval) => void>(() => undefined);

export const useItemRemoved = () => useContext(ItemRemovedContext);

export const removedName = (removal: ItemRemoval) => displayName(removal.item.name, 'new item');

/** What the toast shows and says. */
export const removedText = (removal: ItemRemoval) => `Removed ${removedName(removal)}.`;

interface UndoRemovalToastProps {
  removal: ItemRemoval;
  onUndo: () => void;
  onClose: () => void;
}

/**
 * The toast of the last item removed; it goes by itself once its Undo would do nothing: the
 * item's group removed, or the item back another way (the save question's 'Put it back').
 */
export function UndoRemovalToast({ removal, onUndo, onClose }: UndoRemovalToastProps) {
  const { item } = removal;
  const undoable = usePlanSelector(
    (state) =>
      groupOf(state, removal.groupKey) !== undefined &&
      !state.groups.some((group) =>
        group.items.some(
          (it) => it.key === item.key || (item.id !== undefined && it.id === item.id),
        ),
      ),
  );
  useEffect(() => {
    if (!undoable) onClose();
  }, [undoable, onClose]);
  if (!undoable) return null;
  return (
    <Toast message={removedText(removal)} actionLabel="Undo" onAction={onUndo} onClose={onClose} />
  );
}
