import type { AppContext } from '../context';
import type { Trx } from '../db/helpers';
import { HttpError } from '../http/errors';
import {
  countAttemptsSince,
  countPairSince,
  findUserByEmail,
  hasLiveSignup,
  isInviteeOnly,
  lockAttempts,
  recordAttemptIfUnder,
  recordProposalMailIfUnder,
  rekeyAttempt,
} from './repository';

/**
 * Sign-in and sign-up e-mails are limited per address and per client IP. The counts live in
 * the database, so the limit holds across app instances and restarts; the check and the record
 * are one step, so concurrent requests on several instances cannot all pass on the same count
 * (decision 0031).
 *
 * `send` does the rest of the request and answers whether it e-mailed a link to `email`. The
 * attempt is recorded before it runs, against the address and the IP, and keeps counting against
 * the IP whatever happens (so addresses cannot be tried one after another unlimited). It goes on
 * counting against the address only if a link went there: when `send` answers false or throws
 * (an unknown or taken address, a refused claim, a failed write of the link), the row is moved to
 * a key no address can equal, so a stranger's refused attempts never use up the e-mails of
 * someone else's address (decision 0082).
 */
export async function limitAuthEmail(
  ctx: AppContext,
  email: string,
  ip: string,
  send: () => Promise<boolean>,
  /**
   * The links already in the inbox may not be what this request asks for, so its refusal only
   * says to wait: a claim's proposal (only the newest claim link carries it, and the one asking
   * may not read that inbox), or a sign-up's details (a stranger may have typed those of the
   * links there; opening one would make the account with them).
   */
  opts: { waitOnly?: boolean } = {},
): Promise<boolean> {
  const attempt = await recordUnderLimits(
    ctx,
    { email, ip },
    { perAddress: ctx.limits.authEmailsPerAddress, perIp: ctx.limits.authEmailsPerIp },
  );
  if ('refused' in attempt) {
    const wait = minutesText(attempt.minutes);
    const toInbox =
      attempt.refused === 'address' && !opts.waitOnly && !(await strangersLinksLive(ctx, email));
    throw new HttpError(
      429,
      toInbox
        ? // Every e-mail counted against the address carried a link that still works: links last
          // as long as the window and a newer one leaves the older ones valid.
          `We have already sent several login links to this address in the last hour. Use the newest one in your inbox, or wait ${wait} to ask for another.`
        : `Too many login emails were requested. Please wait ${wait} before trying again.`,
    );
  }
  let sent: boolean;
  try {
    sent = await send();
  } catch (err) {
    await rekeyAttempt(ctx.db, attempt.id, UNSENT + email).catch((rekeyErr: unknown) =>
      // The request's own error is the one to answer; the row then counts as sent (the safe side).
      ctx.log.warn({ err: rekeyErr }, 'could not uncount a sign-in e-mail that was not sent'),
    );
    throw err;
  }
  if (!sent)
    await rekeyAttempt(ctx.db, attempt.id, UNSENT + email).catch((rekeyErr: unknown) =>
      // The answer stands; the row then counts as sent (the safe side), as above.
      ctx.log.warn({ err: rekeyErr }, 'could not uncount a sign-in e-mail that was not sent'),
    );
  return sent;
}

/**
 * Whether the inbox may hold a live sign-up link with a stranger's details that would make the
 * account with them: when the address has no account yet, or one an invitation made, which
 * becomes a contractor's when such a link is opened (decision 0079). Once a contractor's, a
 * sign-up link only signs in.
 */
async function strangersLinksLive(ctx: AppContext, email: string): Promise<boolean> {
  if (!(await hasLiveSignup(ctx.db, email, ctx.now()))) return false;
  const user = await findUserByEmail(ctx.db, email);
  return !user || (await isInviteeOnly(ctx.db, user));
}

/**
 * The key of an attempt that e-mailed nothing. Addresses have no colon (emailSchema), so no
 * address's count includes it; the IP column is untouched.
 */
const UNSENT = 'unsent:';

/**
 * Invitations and sent proposals carry a sign-in link to someone else's inbox. One sender sends
 * one address at most `proposalEmailsPerRecipient` of them a window, and an address hears from at
 * most `proposalSendersPerRecipient` senders a window (a sender already among them goes on), so
 * a stranger's flood neither fills an inbox nor keeps a homeowner's own contractor out. Counted in
 * the sign-in attempts' table under keys of their own, apart from the address's sign-in e-mails
 * (decision 0031).
 *
 * Checked and recorded in the caller's transaction, the one that queues the mail: a send or an
 * invitation refused in it (given away, signed or made a contractor's meanwhile) rolls the record
 * back with everything else and uses none of the sender's count. The caller calls this last, after
 * its own refusals: on PostgreSQL the attempts' table lock is then held only until the commit.
 */
export async function checkProposalEmailLimit(
  ctx: AppContext,
  trx: Trx,
  recipient: string,
  senderId: string,
): Promise<void> {
  const now = ctx.now();
  const window = ctx.limits.authEmailWindowMs;
  const since = now - window;
  const keys = { recipient: `proposal-mail:${recipient}`, sender: `proposal-sender:${senderId}` };
  const limits = {
    perSender: ctx.limits.proposalEmailsPerRecipient,
    senders: ctx.limits.proposalSendersPerRecipient,
  };
  if (ctx.dialect === 'postgres') await lockAttempts(trx);
  if (await recordProposalMailIfUnder(trx, { ...keys, now, since }, limits)) return;
  const mine = await countPairSince(trx, keys.recipient, keys.sender, since);
  const yours = mine.count >= limits.perSender;
  const over = yours ? mine : await countAttemptsSince(trx, 'email', keys.recipient, since);
  const minutes = Math.max(1, Math.ceil(Math.max(0, (over.oldest ?? now) + window - now) / 60_000));
  throw new HttpError(
    429,
    yours
      ? `You have sent this address too many invitations and proposals lately. Please wait ${minutesText(minutes)} before trying again.`
      : `This address has been sent too many invitations and proposals lately. Please wait ${minutesText(minutes)} before trying again.`,
  );
}

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/**
 * Records the attempt and answers its row's id, or, when a limit is reached, which one (the
 * address's if both) and the minutes to wait until both let a request through.
 */
async function recordUnderLimits(
  ctx: AppContext,
  keys: { email: string; ip: string },
  limits: { perAddress: number; perIp: number },
): Promise<{ id: number } | { refused: 'address' | 'ip'; minutes: number }> {
  const { email, ip } = keys;
  const now = ctx.now();
  const window = ctx.limits.authEmailWindowMs;
  const since = now - window;
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockAttempts(trx);
    return recordAttemptIfUnder(trx, { email, ip, now, since }, limits);
  });
  if (id !== undefined) return { id };
  // Refused: read the counts again only to say which limit and how long to wait.
  const [byEmail, byIp] = await Promise.all([
    countAttemptsSince(ctx.db, 'email', email, since),
    countAttemptsSince(ctx.db, 'ip', ip, since),
  ]);
  const reached = [
    byEmail.count >= limits.perAddress ? byEmail : undefined,
    byIp.count >= limits.perIp ? byIp : undefined,
  ];
  const retryMs = Math.max(
    0,
    ...reached.map((over) => (over ? (over.oldest ?? now) + window - now : 0)),
  );
  return {
    refused: reached[0] ? 'address' : 'ip',
    minutes: Math.max(1, Math.ceil(retryMs / 60_000)),
  };
}
