import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

/*
 * What a screen reader hears while reordering groups or items (dnd-kit's live region), worded
 * with the names the user typed instead of internal ids.
 */

export const reorderInstructions: ScreenReaderInstructions = {
  draggable:
    'To reorder, press Space or Enter to pick up. Use the arrow keys to move, Space or Enter to drop, or Escape to cancel.',
};

interface SortableNames {
  /** The name read out for an id ('Demolition', 'new item'). */
  nameOf: (id: UniqueIdentifier) => string;
  /** The ids in their current order. */
  order: readonly UniqueIdentifier[];
}

export function reorderAnnouncements({ nameOf, order }: SortableNames): Announcements {
  const position = (id: UniqueIdentifier) => `position ${order.indexOf(id) + 1} of ${order.length}`;
  // Picked up, the item is over its own place at once: that is no move, and saying one would
  // replace the pick-up sentence (review 26). Moved away and back, it is one.
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Picked up ${nameOf(active.id)}, in ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !moved) return undefined;
      moved = true;
      return over
        ? `${nameOf(active.id)} moved to ${position(over.id)}.`
        : `${nameOf(active.id)} is no longer over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at ${position(over.id)}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${nameOf(active.id)} stays in ${position(active.id)}.`,
  };
}

/** The from/to indexes of a finished drag, or null when nothing moved. */
export function moveIndexes(
  order: readonly UniqueIdentifier[],
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier | null | undefined,
): { from: number; to: number } | null {
  if (overId === null || overId === undefined || activeId === overId) return null;
  const from = order.indexOf(activeId);
  const to = order.indexOf(overId);
  return from === -1 || to === -1 ? null : { from, to };
}

/** How a group or item is read out when it has no name yet. */
export const displayName = (name: string, fallback: string) => name.trim() || fallback;
