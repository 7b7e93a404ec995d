import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type Dispatch,
} from 'react';
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

/**
 * The items of one group, reorderable within the group by drag or keyboard. Memoized: a group's
 * card re-renders whenever any group changes (the groups' sortable context), and without this its
 * drag-and-drop context would re-render every row of every group on each keystroke.
 */
export const ItemList = memo(function ItemList({ group, groupLabel, dispatch }: ItemListProps) {
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

  // Kept while the keys are the same: a new array would re-render every row of the group per keystroke.
  const orderKey = movableItems(group)
    .map((item) => item.key)
    .join(' ');
  const order = useMemo(() => (orderKey === '' ? [] : orderKey.split(' ')), [orderKey]);
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
});
