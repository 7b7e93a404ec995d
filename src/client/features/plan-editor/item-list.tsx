import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type Dispatch } from 'react';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  isTrailingBlank,
  movableItems,
  type EditorGroup,
  type PlanAction,
} from '../../../shared/domain/plan-editor';
import {
  displayName,
  moveIndexes,
  reorderAnnouncements,
  reorderInstructions,
} from './announcements';
import { ItemRow } from './item-row';
import { useSortSensors } from './use-sort-sensors';
import styles from './item-list.module.css';

interface ItemListProps {
  group: EditorGroup;
  groupLabel: string;
  dispatch: Dispatch<PlanAction>;
}

/** The items of one group, reorderable within the group by drag or keyboard. */
export function ItemList({ group, groupLabel, dispatch }: ItemListProps) {
  const sensors = useSortSensors();
  const listRef = useRef<HTMLOListElement>(null);
  const items = useRef(group.items);
  const focusRowAfterRemove = useRef<number | null>(null);
  useLayoutEffect(() => {
    items.current = group.items;
  }, [group.items]);

  // After a removal, focus moves to the row that took its place (or the empty row at the end).
  useEffect(() => {
    const index = focusRowAfterRemove.current;
    if (index === null) return;
    focusRowAfterRemove.current = null;
    const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('[data-item-name]');
    if (inputs && inputs.length > 0) inputs[Math.min(index, inputs.length - 1)]?.focus();
  }, [group.items]);

  const onRemove = useCallback(
    (itemKey: string) => {
      focusRowAfterRemove.current = items.current.findIndex((item) => item.key === itemKey);
      dispatch({ type: 'removeItem', groupKey: group.key, itemKey });
    },
    [dispatch, group.key],
  );

  const order = useMemo(() => movableItems(group).map((item) => item.key), [group]);
  const announcements = useMemo(
    () =>
      reorderAnnouncements({
        order,
        nameOf: (id) =>
          displayName(group.items.find((item) => item.key === id)?.name ?? '', 'new item'),
      }),
    [group.items, order],
  );

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const move = moveIndexes(order, active.id, over?.id);
    if (move) dispatch({ type: 'moveItem', groupKey: group.key, ...move });
  };

  const last = group.items.length - 1;
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
            {group.items.map((item, index) => (
              <ItemRow
                key={item.key}
                groupKey={group.key}
                groupName={group.name}
                item={item}
                trailing={index === last && isTrailingBlank(item)}
                dispatch={dispatch}
                onRemove={onRemove}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}
