/*
 * The e-mail link's sign-in, posted by the link page's first script before the app has arrived
 * (src/client/prerender/link-signin.ts, decision 0068), and handed to the app's token page, which
 * must not post the token again: it is spent.
 */

/** The answer as it came: the status and the body's text (status 0: no answer). */
export interface EarlyAnswer {
  status: number;
  text: string;
}

export interface EarlySignin {
  token: string;
  answer: Promise<EarlyAnswer>;
  /** Set when the first script has gone to the destination itself. */
  leaving: boolean;
}

const KEY = '__plansmithEarlySignin';
type WithEarly = typeof globalThis & { [KEY]?: EarlySignin };

/** Records the sign-in the link page's first script has posted. */
export function startEarlySignin(token: string, answer: Promise<EarlyAnswer>): EarlySignin {
  const early: EarlySignin = { token, answer, leaving: false };
  (globalThis as WithEarly)[KEY] = early;
  return early;
}

/** The sign-in already posted for this token, once: the app then posts nothing. */
export function takeEarlySignin(token: string): EarlySignin | undefined {
  const early = (globalThis as WithEarly)[KEY];
  if (!early || early.token !== token) return undefined;
  delete (globalThis as WithEarly)[KEY];
  return early;
}
