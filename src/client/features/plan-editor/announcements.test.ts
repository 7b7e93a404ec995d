import { describe, expect, it } from 'vitest';
import type { Active, Over } from '@dnd-kit/core';
import { displayName, moveIndexes, reorderAnnouncements } from './announcements';

const names: Record<string, string> = { a: 'Demolition', b: 'Framing', c: 'new cost group' };
const order = ['a', 'b', 'c'];
const announce = reorderAnnouncements({ nameOf: (id) => names[String(id)] ?? '', order });
const active = { id: 'a' } as Active;
const over = { id: 'c' } as Over;

describe('reorder announcements', () => {
  it('reads names and positions', () => {
    expect(announce.onDragStart({ active })).toBe('Picked up Demolition, in position 1 of 3.');
    expect(announce.onDragOver({ active, over })).toBe('Demolition moved to position 3 of 3.');
    expect(announce.onDragEnd({ active, over })).toBe('Demolition dropped at position 3 of 3.');
    expect(announce.onDragCancel({ active, over: null })).toBe(
      'Reordering cancelled. Demolition stays in position 1 of 3.',
    );
  });
});

describe('reorder announcements at pick-up', () => {
  it('say no move while the item is over its own place, so the pick-up sentence is heard', () => {
    const fresh = reorderAnnouncements({ nameOf: (id) => names[String(id)] ?? '', order });
    const itself = { id: 'a' } as Over;
    expect(fresh.onDragStart({ active })).toBe('Picked up Demolition, in position 1 of 3.');
    expect(fresh.onDragOver({ active, over: itself })).toBeUndefined();
    expect(fresh.onDragOver({ active, over })).toBe('Demolition moved to position 3 of 3.');
    // Moved away and back: that is a move.
    expect(fresh.onDragOver({ active, over: itself })).toBe('Demolition moved to position 1 of 3.');
    expect(fresh.onDragCancel({ active, over: null })).toBe(
      'Reordering cancelled. Demolition stays in position 1 of 3.',
    );
    // The next pick-up starts again.
    expect(fresh.onDragStart({ active })).toBe('Picked up Demolition, in position 1 of 3.');
    expect(fresh.onDragOver({ active, over: itself })).toBeUndefined();
  });
});

describe('moveIndexes', () => {
  it('gives from and to', () => {
    expect(moveIndexes(order, 'a', 'c')).toEqual({ from: 0, to: 2 });
  });
  it('ignores drops in place or outside', () => {
    expect(moveIndexes(order, 'a', 'a')).toBeNull();
    expect(moveIndexes(order, 'a', null)).toBeNull();
    expect(moveIndexes(order, 'x', 'a')).toBeNull();
  });
});

describe('displayName', () => {
  it('falls back for blank names', () => {
    expect(displayName('  ', 'new item')).toBe('new item');
    expect(displayName(' Sink ', 'new item')).toBe('Sink');
  });
});
