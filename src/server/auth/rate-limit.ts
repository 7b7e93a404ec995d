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
  const minutes = await recordUnderLimits(
    ctx,
    { email, ip },
    { perAddress: ctx.limits.authEmailsPerAddress, perIp: ctx.limits.authEmailsPerIp },
  );
  if (minutes !== null)
    throw new HttpError(
      429,
      `Too many login emails were requested. Please wait ${minutesText(minutes)} before trying again.`,
    );
}

/**
 * Invitations and sent proposals carry a sign-in link to someone else's inbox: an address gets at
 * most `proposalEmailsPerAddress` of them a window, from every sender together (each sender is
 * limited by its routes besides). Counted in the same table under keys of their own, so that
 * invitations never use up the address's own sign-in e-mails (decision 0031).
 */
export async function checkProposalEmailLimit(ctx: AppContext, recipient: string): Promise<void> {
  const minutes = await recordUnderLimits(
    ctx,
    { email: `proposal-mail:${recipient}`, ip: `proposal-mail:${recipient}` },
    { perAddress: ctx.limits.proposalEmailsPerAddress, perIp: Number.MAX_SAFE_INTEGER },
  );
  if (minutes !== null)
    throw new HttpError(
      429,
      `This address has been sent too many invitations and proposals lately. Please wait ${minutesText(minutes)} before trying again.`,
    );
}

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/** Records the attempt and answers null, or, when a limit is reached, the minutes to wait. */
async function recordUnderLimits(
  ctx: AppContext,
  keys: { email: string; ip: string },
  limits: { perAddress: number; perIp: number },
): Promise<number | null> {
  const { email, ip } = keys;
  const now = ctx.now();
  const window = ctx.limits.authEmailWindowMs;
  const since = now - window;
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockAttempts(trx);
    return recordAttemptIfUnder(trx, { email, ip, now, since }, limits);
  });
  if (recorded) return null;
  // Refused: read the counts again only to say how long to wait.
  const [byEmail, byIp] = await Promise.all([
    countAttemptsSince(ctx.db, 'email', email, since),
    countAttemptsSince(ctx.db, 'ip', ip, since),
  ]);
  const over = byEmail.count >= limits.perAddress ? byEmail : byIp;
  const retryMs = Math.max(0, (over.oldest ?? now) + window - now);
  return Math.max(1, Math.ceil(retryMs / 60_000));
}
