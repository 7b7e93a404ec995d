import { useMemo } from 'react';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy } from '@dnd-kit/sortable';
import { moveItem } from '../../../shared/domain/selections';
import type { Option } from '../../../shared/schemas/selections';
import {
  moveIndexes,
  reorderAnnouncements,
  reorderInstructions,
} from '../plan-editor/announcements';
import { useSortSensors } from '../plan-editor/use-sort-sensors';
import { LoadingCard } from './loading-card';
import { OptionCard } from './option-card';
import type { PendingOption } from './use-add-option';
import styles from './option-card.module.css';

interface OptionListProps {
  itemName: string;
  options: Option[];
  pending: readonly PendingOption[];
  /** May change the item's choice (decision 0091). */
  mayChoose: boolean;
  onReorder: (optionIds: string[]) => void;
  onCycle: (option: Option) => void;
  onEdit: (option: Option) => void;
  onFix?: (option: Option) => void;
  onRemove: (option: Option) => void;
}

/** An item's options in rank order, reordered by drag or keyboard, then the loading cards. */
export function OptionList(props: OptionListProps) {
  const { options, pending } = props;
  const sensors = useSortSensors();
  const order = useMemo(() => options.map((o) => o.id), [options]);
  const announcements = useMemo(
    () =>
      reorderAnnouncements({
        order,
        nameOf: (id) => options.find((o) => o.id === id)?.product.title ?? 'option',
      }),
    [options, order],
  );

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const move = moveIndexes(order, active.id, over?.id);
    if (move) props.onReorder(moveItem(order, move.from, move.to));
  };

  if (options.length === 0 && pending.length === 0) {
    return (
      <p className={styles.empty}>
        No options yet. Paste a link to a product, add one by hand or pick a suggestion below.
      </p>
    );
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: reorderInstructions }}
    >
      <SortableContext items={order} strategy={rectSortingStrategy}>
        <ol className={styles.list} aria-label={`Options for ${props.itemName}`}>
          {options.map((option, index) => (
            <OptionCard
              key={option.id}
              option={option}
              index={index}
              count={options.length}
              mayChoose={props.mayChoose}
              onCycle={props.onCycle}
              onEdit={props.onEdit}
              onFix={props.onFix}
              onRemove={props.onRemove}
            />
          ))}
          {pending.map((p) => (
            <LoadingCard key={p.key} label={p.label} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
