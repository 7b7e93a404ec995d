/*
 * The order of one item's saves. Each save's reply carries the item's whole option list, so two
 * calls in flight for one item could land out of order and the older list would win. Calls for
 * one item therefore run one after another, and every change (rank, order, add, remove) takes a
 * ticket: only the reply to the newest ticket may replace what the page shows.
 */

export interface ItemQueue {
  /** Runs `task` once every earlier task for this item has settled; resolves as `task` does. */
  run: <T>(itemId: string, task: () => Promise<T>) => Promise<T>;
  /** A new change for the item: the returned check says whether it is still the newest. */
  begin: (itemId: string) => () => boolean;
}

export function createItemQueue(): ItemQueue {
  const tails = new Map<string, Promise<unknown>>();
  const tickets = new Map<string, number>();

  return {
    run(itemId, task) {
      const previous = tails.get(itemId) ?? Promise.resolve();
      // A failed save must not stop the ones after it; its caller hears of the failure itself.
      const result = previous.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(itemId, tail);
      void tail.then(() => {
        if (tails.get(itemId) === tail) tails.delete(itemId);
      });
      return result;
    },
    begin(itemId) {
      const ticket = (tickets.get(itemId) ?? 0) + 1;
      tickets.set(itemId, ticket);
      return () => tickets.get(itemId) === ticket;
    },
  };
}
