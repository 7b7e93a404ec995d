import { useCallback, useMemo, useRef, useState, type Dispatch } from 'react';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import type { PlanAction, PlanState } from '../../../shared/domain/plan-editor';
import {
  displayName,
  moveIndexes,
  reorderAnnouncements,
  reorderInstructions,
} from './announcements';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SumAmount } from '../../ui/priced-amount';
import { editorPricing } from './editor-pricing';
import { GroupCard } from './group-card';
import { useSortSensors } from './use-sort-sensors';
import styles from './plan-editor.module.css';

interface PlanEditorProps {
  state: PlanState;
  dispatch: Dispatch<PlanAction>;
}

/** docs/product/proposals-editor.md plan step: cost groups as cards, reorderable by drag or keyboard. */
export function PlanEditor({ state, dispatch }: PlanEditorProps) {
  const { groups } = state;
  const sensors = useSortSensors();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [removeKey, setRemoveKey] = useState<string | null>(null);
  const focusAfterRemove = useRef<number | null>(null);
  const removing = groups.find((g) => g.key === removeKey);

  // Kept while the keys are the same: a new array would re-render every sortable card per keystroke.
  const orderKey = groups.map((g) => g.key).join(' ');
  const order = useMemo(() => (orderKey === '' ? [] : orderKey.split(' ')), [orderKey]);
  const announcements = useMemo(
    () =>
      reorderAnnouncements({
        order,
        nameOf: (id) => displayName(groups.find((g) => g.key === id)?.name ?? '', 'new cost group'),
      }),
    [groups, order],
  );
  const onRequestRemove = useCallback((groupKey: string) => setRemoveKey(groupKey), []);

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const move = moveIndexes(order, active.id, over?.id);
    if (move) dispatch({ type: 'moveGroup', ...move });
  };

  const confirmRemove = () => {
    if (!removeKey) return;
    focusAfterRemove.current = groups.findIndex((g) => g.key === removeKey);
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

  const itemCount = removing ? removing.items.filter((i) => !i.pristine).length : 0;

  return (
    <div className={styles.editor}>
      {groups.length === 0 && (
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
          <ol ref={listRef} className={styles.groups} aria-label="Cost groups">
            {groups.map((group, index) => (
              <GroupCard
                key={group.key}
                group={group}
                index={index}
                autoFocus={state.focusGroupKey === group.key}
                dispatch={dispatch}
                onRequestRemove={onRequestRemove}
              />
            ))}
          </ol>
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
        {groups.length > 0 && (
          <p className={styles.total}>
            Plan total{' '}
            <strong>
              <SumAmount sum={editorPricing(groups)} />
            </strong>
          </p>
        )}
      </div>

      <ConfirmDialog
        open={removeKey !== null}
        onOpenChange={(open) => !open && setRemoveKey(null)}
        title="Are you sure you want to remove this cost group?"
        description={
          removing
            ? `${displayName(removing.name, 'This new cost group')}${
                itemCount > 0 ? ` and its ${itemCount} item${itemCount === 1 ? '' : 's'}` : ''
              } will be removed from the plan.`
            : undefined
        }
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        onCloseAutoFocus={placeFocus}
      />
    </div>
  );
}
