import { describe, expect, it } from 'vitest';
import { createItemQueue } from './item-queue';

/** A promise settled from outside, standing in for a server call still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createItemQueue', () => {
  it("starts an item's next save only once the one before it has answered", async () => {
    const queue = createItemQueue();
    const started: string[] = [];
    const position = deferred<string>();
    const first = queue.run('item-1', () => {
      started.push('position');
      return position.promise;
    });
    const second = queue.run('item-1', () => {
      started.push('add');
      return Promise.resolve('added');
    });
    await settle();
    expect(started).toEqual(['position']);

    position.resolve('ranked');
    await expect(first).resolves.toBe('ranked');
    await expect(second).resolves.toBe('added');
    expect(started).toEqual(['position', 'add']);
  });

  it('keeps going after a failed save, and the failure reaches only its own caller', async () => {
    const queue = createItemQueue();
    const failed = queue.run('item-1', () => Promise.reject(new Error('offline')));
    const next = queue.run('item-1', () => Promise.resolve('saved'));
    await expect(failed).rejects.toThrow('offline');
    await expect(next).resolves.toBe('saved');
  });

  it('does not hold one item back for another', async () => {
    const queue = createItemQueue();
    const slow = deferred<string>();
    void queue.run('item-1', () => slow.promise);
    await expect(queue.run('item-2', () => Promise.resolve('other item'))).resolves.toBe(
      'other item',
    );
    slow.resolve('done');
  });

  it('lets only the newest change of an item replace what the page shows', () => {
    const queue = createItemQueue();
    const ranked = queue.begin('item-1');
    expect(ranked()).toBe(true);
    const added = queue.begin('item-1');
    // The rank's reply comes back after the add started: it is stale now.
    expect(ranked()).toBe(false);
    expect(added()).toBe(true);
    // Another item's changes do not count.
    queue.begin('item-2');
    expect(added()).toBe(true);
  });
});
