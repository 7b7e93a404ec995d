import { memo } from 'react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import styles from './drag-handle.module.css';

interface DragHandleProps {
  /** Its name, or the id of the element that names it (a row's, so the handle keeps its props). */
  label?: string;
  labelledBy?: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

const GRIP = <GripVertical size={18} aria-hidden="true" />;

/** The button that picks up a group or an item: drag it, or press Space and use the arrows. */
export const DragHandle = memo(function DragHandle({
  label,
  labelledBy,
  attributes,
  listeners,
  setActivatorNodeRef,
}: DragHandleProps) {
  return (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className={styles.handle}
      {...attributes}
      {...listeners}
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {GRIP}
    </button>
  );
});
