import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { isTrailingBlank, removalOf } from '../../../shared/domain/plan-editor';
import {
  displayName,
  moveIndexes,
  reorderAnnouncements,
  reorderInstructions,
} from './announcements';
import { ItemRow } from './item-row';
import { groupOf, itemOf, sameList, useGroupSelector, usePlanStore } from './plan-store';
import { useItemRemoved } from './undo-removal';
import { useSortSensors } from './use-sort-sensors';
import styles from './item-list.module.css';

interface ItemListProps {
  groupKey: string;
  /** The group's name as typed: the rows' name suggestions follow it. */
  groupName: string;
  groupLabel: string;
}

const NO_KEYS: string[] = [];

/**
 * The items of one group, reorderable within the group by drag or keyboard. It reads the keys of
 * its rows from the plan store, so it renders again when a row comes, goes or moves, not when one
 * is edited; each row reads its own item (decision 0035).
 */
export const ItemList = memo(function ItemList({ groupKey, groupName, groupLabel }: ItemListProps) {
  const store = usePlanStore();
  const { dispatch } = store;
  const sensors = useSortSensors();
  const listRef = useRef<HTMLOListElement>(null);
  const focusRowAfterRemove = useRef<number | null>(null);
  const keys = useGroupSelector(
    groupKey,
    (group) => group?.items.map((item) => item.key) ?? NO_KEYS,
    sameList,
  );
  // The always-present empty row at the end: no handle, no remove, not movable.
  const trailing = useGroupSelector(groupKey, (group) => {
    const last = group?.items.at(-1);
    return last !== undefined && isTrailingBlank(last);
  });

  // After a removal, focus moves to the row that took its place (or the empty row at the end).
  useEffect(() => {
    const index = focusRowAfterRemove.current;
    if (index === null) return;
    focusRowAfterRemove.current = null;
    const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('[data-item-name]');
    if (inputs && inputs.length > 0) inputs[Math.min(index, inputs.length - 1)]?.focus();
  }, [keys]);

  const itemRemoved = useItemRemoved();
  const onRemove = useCallback(
    (itemKey: string) => {
      const state = store.getState();
      const items = groupOf(state, groupKey)?.items ?? [];
      const removal = removalOf(state, groupKey, itemKey);
      focusRowAfterRemove.current = items.findIndex((item) => item.key === itemKey);
      dispatch({ type: 'removeItem', groupKey, itemKey });
      if (removal) itemRemoved(removal);
    },
    [store, dispatch, groupKey, itemRemoved],
  );

  const order = useMemo(() => (trailing ? keys.slice(0, -1) : keys), [keys, trailing]);
  const announcements = useMemo(
    () =>
      reorderAnnouncements({
        order,
        nameOf: (id) =>
          displayName(itemOf(store.getState(), groupKey, String(id))?.name ?? '', 'new item'),
      }),
    [store, groupKey, order],
  );

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const move = moveIndexes(order, active.id, over?.id);
    if (move) dispatch({ type: 'moveItem', groupKey, ...move });
  };

  const last = keys.length - 1;
  return (
    <div className={styles.items}>
      <div className={styles.header} aria-hidden="true">
        <span />
        <span>Item</span>
        <span className={styles.right}>Cost</span>
        <span>Cost type</span>
        <span>Shopping</span>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{ announcements, screenReaderInstructions: reorderInstructions }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol ref={listRef} className={styles.list} aria-label={`Items in ${groupLabel}`}>
            {keys.map((itemKey, index) => (
              <ItemRow
                key={itemKey}
                groupKey={groupKey}
                groupName={groupName}
                itemKey={itemKey}
                trailing={index === last && trailing}
                onRemove={onRemove}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
});
