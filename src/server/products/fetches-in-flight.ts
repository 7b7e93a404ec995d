import { HttpError } from '../http/errors';

export const TOO_MANY_AT_ONCE =
  'Several of your products are still being fetched from their pages. Please wait for them to finish, then try again.';

/**
 * At most `max` requests of one person that fetch other sites (a clip, a Photo URL) run at once
 * in this process; one more answers 429 at once. The window's count (CLIPS_PER_WINDOW) bounds how
 * many a person sends, not how many wait together: without this, one account's slow pages could
 * take every place in the parse pool and make everyone else's clips time out (review 24). Kept
 * in memory: it bounds what runs here, and each instance has a pool of its own.
 */
export function fetchesInFlight(max: number) {
  const running = new Map<string, number>();
  return async function run<T>(person: string, work: () => Promise<T>): Promise<T> {
    const now = running.get(person) ?? 0;
    if (now >= max) throw new HttpError(429, TOO_MANY_AT_ONCE);
    running.set(person, now + 1);
    try {
      return await work();
    } finally {
      const left = (running.get(person) ?? 1) - 1;
      if (left === 0) running.delete(person);
      else running.set(person, left);
    }
  };
}
