import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

// Module constants: dnd-kit memoizes a sensor on its options' identity, and new sensors on every
// render give the drag context a new value, which re-renders every sortable row per keystroke.
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/** Drag by pointer (after a small move, so a click on the handle is not a drag) or by keyboard. */
export function useSortSensors() {
  return useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
}
