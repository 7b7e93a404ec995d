import type { AppContext } from '../context';
import type { Trx } from '../db/helpers';
import { HttpError } from '../http/errors';
import {
  countAgainstAddressIfUnder,
  countAttemptsSince,
  countPairSince,
  findUserByEmail,
  hasLiveSignup,
  lockAttempts,
  recordAttemptIfUnder,
  recordProposalMailIfUnder,
  rekeyAttempt,
} from './repository';

/**
 * Sign-in and sign-up e-mails are limited per address and per client IP. The counts live in
 * the database, so the limit holds across app instances and restarts; each limit's check and
 * record are one step, so concurrent requests on several instances cannot all pass on the same
 * count (decision 0031).
 *
 * The attempt is recorded against the IP first, and keeps counting against it whatever happens
 * (so addresses cannot be tried one after another unlimited). `check` then makes the request's
 * own refusals (an unknown or taken address, a refused claim, a sign-up's logo refused) and its
 * slow work (decoding that logo) by throwing them, or answers null when there is nothing to
 * send, or what `send` needs: none of that ever counts against the address, not even while it
 * runs, so a stranger's attempt in flight never takes an owner's e-mail for that moment. Only
 * then is the attempt counted against the address; refused at the address's limit, it stays
 * against the IP only. `send` does the rest and answers whether it e-mailed a link to `email`;
 * when it answers false or throws (a refusal under a lock, a failed write of the link), the row
 * is moved back to a key no address can equal (decision 0082).
 */
export async function limitAuthEmail<T>(
  ctx: AppContext,
  email: string,
  ip: string,
  request: {
    check: () => Promise<T | null>;
    send: (checked: T) => Promise<boolean>;
  },
  /**
   * The links already in the inbox may not be what this request asks for, so its refusal only
   * says to wait: a claim's proposal (only the newest claim link carries it, and the one asking
   * may not read that inbox), or a sign-up's details (a stranger may have typed those of the
   * links there; opening one would make the account with them).
   */
  opts: { waitOnly?: boolean } = {},
): Promise<boolean> {
  const limits = { perAddress: ctx.limits.authEmailsPerAddress, perIp: ctx.limits.authEmailsPerIp };
  const now = ctx.now();
  const since = now - ctx.limits.authEmailWindowMs;
  const id = await underLock(ctx, (trx) =>
    recordAttemptIfUnder(trx, { key: UNSENT + email, ip, now, since }, limits.perIp),
  );
  if (id === undefined) return refuse(ctx, { email, ip, since }, limits, opts);
  const checked = await request.check();
  if (checked === null) return false;
  const counted = await underLock(ctx, (trx) =>
    countAgainstAddressIfUnder(trx, { id, email, since }, limits.perAddress),
  );
  // Refused at the address's limit, the row stays where it is, against the IP only, as a request
  // refused by its check does: its check's work (a sign-up's logo decoded) is not had for free.
  if (!counted) return refuse(ctx, { email, ip, since }, limits, opts);
  let sent: boolean;
  try {
    sent = await request.send(checked);
  } catch (err) {
    await rekeyAttempt(ctx.db, id, UNSENT + email).catch((rekeyErr: unknown) =>
      // The request's own error is the one to answer; the row then counts as sent (the safe side).
      ctx.log.warn({ err: rekeyErr }, 'could not uncount a sign-in e-mail that was not sent'),
    );
    throw err;
  }
  if (!sent)
    await rekeyAttempt(ctx.db, id, UNSENT + email).catch((rekeyErr: unknown) =>
      // The answer stands; the row then counts as sent (the safe side), as above.
      ctx.log.warn({ err: rekeyErr }, 'could not uncount a sign-in e-mail that was not sent'),
    );
  return sent;
}

/** One step of the attempts' record, one at a time across instances on PostgreSQL. */
function underLock<R>(ctx: AppContext, step: (trx: Trx) => Promise<R>): Promise<R> {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockAttempts(trx);
    return step(trx);
  });
}

/**
 * The 429 of an attempt refused at a limit: the address's text when the address's limit is
 * reached (whether or not the IP's is too), and the minutes until every limit reached lets a
 * request through.
 */
async function refuse(
  ctx: AppContext,
  keys: { email: string; ip: string; since: number },
  limits: { perAddress: number; perIp: number },
  opts: { waitOnly?: boolean },
): Promise<never> {
  const { email, ip, since } = keys;
  const now = ctx.now();
  // Read again only to say which limit and how long to wait.
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
    ...reached.map((over) =>
      over ? (over.oldest ?? now) + ctx.limits.authEmailWindowMs - now : 0,
    ),
  );
  const wait = minutesText(Math.max(1, Math.ceil(retryMs / 60_000)));
  const toInbox = reached[0] && !opts.waitOnly && !(await strangersLinksLive(ctx, email));
  throw new HttpError(
    429,
    toInbox
      ? // Every e-mail counted against the address carried a link that still works: links last
        // as long as the window and a newer one leaves the older ones valid.
        `We have already sent several login links to this address in the last hour. Use the newest one in your inbox, or wait ${wait} to ask for another.`
      : `Too many login emails were requested. Please wait ${wait} before trying again.`,
  );
}

/**
 * Whether the inbox may hold a live sign-up link with a stranger's details that would make the
 * account with them: when the address has no account yet, or a homeowner's, which becomes a
 * contractor's when such a link is opened (decision 0093). Once a contractor's, a sign-up link
 * only signs in.
 */
async function strangersLinksLive(ctx: AppContext, email: string): Promise<boolean> {
  if (!(await hasLiveSignup(ctx.db, email, ctx.now()))) return false;
  const user = await findUserByEmail(ctx.db, email);
  return !user || user.role === 'homeowner';
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
