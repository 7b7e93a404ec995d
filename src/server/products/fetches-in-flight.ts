import { HttpError } from '../http/errors';

export const TOO_MANY_AT_ONCE =
  'Several of your products are still being fetched from their pages. Please wait for them to finish, then try again.';

/** A person's fetches of other sites running at once: a few tabs' worth, not a pool's. */
export const FETCHES_AT_ONCE = 4;

/**
 * At most `max` fetches of other sites (a clip's page, a Photo URL's image) run at once for one
 * person; one more answers 429 at once. The window's count (CLIPS_PER_WINDOW) bounds how many a
 * person sends, not how many wait together: without this, one account's slow pages could take
 * every place in the parse pool and make everyone else's clips time out (review 24). Kept in
 * this process's memory, as the pool is: it bounds what runs here.
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

/** The process's own: clips and Photo URLs share it (a user id is unique across app instances). */
export const personFetches = fetchesInFlight(FETCHES_AT_ONCE);
