import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { countAttemptsSince, lockAttempts, recordAttemptIfUnder } from './repository';

/**
 * Sign-in and sign-up e-mails are limited per address and per client IP. The counts live in
 * the database, so the limit holds across app instances and restarts; the check and the record
 * are one step, so concurrent requests on several instances cannot all pass on the same count
 * (decision 0031).
 */
export async function checkAuthEmailLimit(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<void> {
  const now = ctx.now();
  const window = ctx.limits.authEmailWindowMs;
  const since = now - window;
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockAttempts(trx);
    return recordAttemptIfUnder(
      trx,
      { email, ip, now, since },
      { perAddress: ctx.limits.authEmailsPerAddress, perIp: ctx.limits.authEmailsPerIp },
    );
  });
  if (recorded) return;
  // Refused: read the counts again only to say how long to wait.
  const [byEmail, byIp] = await Promise.all([
    countAttemptsSince(ctx.db, 'email', email, since),
    countAttemptsSince(ctx.db, 'ip', ip, since),
  ]);
  const over = byEmail.count >= ctx.limits.authEmailsPerAddress ? byEmail : byIp;
  const retryMs = Math.max(0, (over.oldest ?? now) + window - now);
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  throw new HttpError(
    429,
    `Too many login emails were requested. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
  );
}
