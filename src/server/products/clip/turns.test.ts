import { describe, expect, it } from 'vitest';
import { nextTurn } from './turns';

describe('nextTurn', () => {
  it('lets clips asked together start one after another, each in a task of its own', async () => {
    const events: string[] = [];
    const clips = ['a', 'b', 'c'].map((name) =>
      nextTurn().then(async () => {
        events.push(`${name} starts`);
        // A clip's start is a chain of promise steps (look-ups, the connection's set-up): all of
        // them run before the next clip starts, then the loop is free again.
        for (let step = 0; step < 5; step++) await Promise.resolve();
        events.push(`${name} waits for the network`);
      }),
    );
    await Promise.all(clips);
    expect(events).toEqual([
      'a starts',
      'a waits for the network',
      'b starts',
      'b waits for the network',
      'c starts',
      'c waits for the network',
    ]);
  });

  it('starts a lone clip at the next turn, and again after a burst has drained', async () => {
    await nextTurn();
    await Promise.all([nextTurn(), nextTurn()]);
    await expect(nextTurn()).resolves.toBeUndefined();
  });
});
