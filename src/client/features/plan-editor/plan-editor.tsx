import { useCallback, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import {
  displayName,
  moveIndexes,
  reorderAnnouncements,
  reorderInstructions,
} from './announcements';
import type { ItemRemoval } from '../../../shared/domain/plan-editor';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { createAnnouncer, StatusAnnouncer } from '../../ui/status-announcer';
import { SumAmount } from '../../ui/priced-amount';
import { planPricing, samePricing } from './editor-pricing';
import { GroupCard } from './group-card';
import { groupOf, usePlanSelector, usePlanStore } from './plan-store';
import { ItemRemovedContext, removedName, UndoRemovalToast } from './undo-removal';
import { useSortSensors } from './use-sort-sensors';
import styles from './plan-editor.module.css';

/** The plan's total; its own component, so an edit that keeps the total renders nothing here. */
function PlanTotal() {
  const sum = usePlanSelector((state) => planPricing(state.groups), samePricing);
  return (
    <p className={styles.total}>
      Plan total{' '}
      <strong>
        <SumAmount sum={sum} />
      </strong>
    </p>
  );
}

/**
 * docs/product/proposals-editor.md plan step: cost groups as cards, reorderable by drag or
 * keyboard. It reads the plan store: it renders again when the groups' order changes, not when
 * one is edited (decision 0035).
 */
export function PlanEditor() {
  const store = usePlanStore();
  const { dispatch } = store;
  const sensors = useSortSensors();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [removeKey, setRemoveKey] = useState<string | null>(null);
  const focusAfterRemove = useRef<number | null>(null);
  const focusGroupKey = usePlanSelector((state) => state.focusGroupKey);
  // What the removal dialog says of the group it would remove.
  const removing = usePlanSelector((state) => {
    const group = removeKey === null ? undefined : groupOf(state, removeKey);
    if (!group) return null;
    const count = group.items.filter((i) => !i.pristine).length;
    return `${displayName(group.name, 'This new cost group')}${
      count > 0 ? ` and its ${count} item${count === 1 ? '' : 's'}` : ''
    } will be removed from the plan.`;
  });

  const orderKey = usePlanSelector((state) => state.groups.map((g) => g.key).join(' '));
  const order = useMemo(() => (orderKey === '' ? [] : orderKey.split(' ')), [orderKey]);
  const announcements = useMemo(
    () =>
      reorderAnnouncements({
        order,
        nameOf: (id) =>
          displayName(groupOf(store.getState(), String(id))?.name ?? '', 'new cost group'),
      }),
    [store, order],
  );
  const onRequestRemove = useCallback((groupKey: string) => setRemoveKey(groupKey), []);

  // The last item removed, which its toast's Undo puts back (decision 0086).
  const [announcer] = useState(createAnnouncer);
  const [removal, setRemoval] = useState<ItemRemoval | null>(null);
  // The toast says the removal itself (Radix Toast); 'Restored' goes through our live region.
  const onItemRemoved = useCallback((removed: ItemRemoval) => setRemoval(removed), []);
  const closeToast = useCallback(() => setRemoval(null), []);
  const undoRemoval = () => {
    if (!removal) return;
    flushSync(() => {
      dispatch({ type: 'restoreItem', removal });
      setRemoval(null);
    });
    // Focus goes to the row back in its place: its Remove button, or its name where the button
    // is behind the row's closed details (phones).
    const row = listRef.current?.querySelector(`[data-item-key="${CSS.escape(removal.item.key)}"]`);
    if (!row) return;
    const remove = row.querySelector<HTMLElement>('[data-remove-item]');
    const target =
      remove && remove.getClientRects().length > 0
        ? remove
        : row.querySelector<HTMLElement>('[data-item-name]');
    target?.focus();
    announcer.announce(`Restored ${removedName(removal)}.`);
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const move = moveIndexes(order, active.id, over?.id);
    if (move) dispatch({ type: 'moveGroup', ...move });
  };

  const confirmRemove = () => {
    if (!removeKey) return;
    focusAfterRemove.current = order.indexOf(removeKey);
    dispatch({ type: 'removeGroup', groupKey: removeKey });
  };

  // After a removal, focus goes to the group that took its place, else to 'Add Cost Group'.
  const placeFocus = (event: Event) => {
    const index = focusAfterRemove.current;
    focusAfterRemove.current = null;
    if (index === null) return;
    event.preventDefault();
    const names = listRef.current?.querySelectorAll<HTMLInputElement>(
      '[role="combobox"]:not([data-item-name])',
    );
    const target = names && names.length > 0 ? names[Math.min(index, names.length - 1)] : undefined;
    (target ?? addRef.current)?.focus();
  };

  return (
    <div className={styles.editor}>
      <StatusAnnouncer announcer={announcer} />
      {order.length === 0 && (
        <p className={styles.empty}>
          No cost groups yet. Add one for each part of the job, such as Demolition, Plumbing or a
          Kitchen Module, then list its items and costs.
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{ announcements, screenReaderInstructions: reorderInstructions }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ItemRemovedContext value={onItemRemoved}>
            <ol ref={listRef} className={styles.groups} aria-label="Cost groups">
              {order.map((groupKey, index) => (
                <GroupCard
                  key={groupKey}
                  groupKey={groupKey}
                  index={index}
                  autoFocus={focusGroupKey === groupKey}
                  onRequestRemove={onRequestRemove}
                />
              ))}
            </ol>
          </ItemRemovedContext>
        </SortableContext>
      </DndContext>

      <div className={styles.footer}>
        <button
          ref={addRef}
          type="button"
          className="btn btn-secondary"
          onClick={() => dispatch({ type: 'addGroup' })}
        >
          <Plus size={18} aria-hidden="true" />
          Add Cost Group
        </button>
        {order.length > 0 && <PlanTotal />}
      </div>

      {removal && (
        <UndoRemovalToast
          // A new removal is a new toast, with its time from the start.
          key={removal.item.key}
          removal={removal}
          onUndo={undoRemoval}
          onClose={closeToast}
        />
      )}

      <ConfirmDialog
        open={removeKey !== null}
        onOpenChange={(open) => !open && setRemoveKey(null)}
        title="Are you sure you want to remove this cost group?"
        description={removing ?? undefined}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        onCloseAutoFocus={placeFocus}
      />
    </div>
  );
}
