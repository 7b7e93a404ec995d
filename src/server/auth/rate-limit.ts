import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { countAttemptsSince, recordAttempt } from './repository';

/**
 * Sign-in and sign-up e-mails are limited per address and per client IP. The counts live in
 * the database, so the limit holds across app instances and restarts.
 */
export async function checkAuthEmailLimit(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<void> {
  const now = ctx.now();
  const window = ctx.limits.authEmailWindowMs;
  const since = now - window;
  const [byEmail, byIp] = await Promise.all([
    countAttemptsSince(ctx.db, 'email', email, since),
    countAttemptsSince(ctx.db, 'ip', ip, since),
  ]);
  const over =
    byEmail.count >= ctx.limits.authEmailsPerAddress
      ? byEmail
      : byIp.count >= ctx.limits.authEmailsPerIp
        ? byIp
        : undefined;
  if (over) {
    const retryMs = Math.max(0, (over.oldest ?? now) + window - now);
    const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
    throw new HttpError(
      429,
      `Too many login emails were requested. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
    );
  }
  await recordAttempt(ctx.db, email, ip, now);
}
