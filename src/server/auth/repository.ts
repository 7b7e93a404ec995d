import type { LoginTokensTable, NewUser, UserRow } from '../db/schema';
import { changedOneRow, type Executor } from '../db/helpers';

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function insertLoginToken(
  db: Executor,
  token: Omit<LoginTokensTable, 'used_at'>,
): Promise<void> {
  await db
    .insertInto('login_tokens')
    .values({ ...token, used_at: null })
    .execute();
}

/**
 * Marks a token used if it is still unused and unexpired; the conditional update makes
 * two simultaneous clicks on one link produce one session.
 */
export async function consumeLoginToken(
  db: Executor,
  tokenHash: string,
  now: number,
): Promise<Pick<LoginTokensTable, 'user_id' | 'purpose' | 'redirect' | 'proposal_id'> | undefined> {
  const result = await db
    .updateTable('login_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!changedOneRow(result)) return undefined;
  return db
    .selectFrom('login_tokens')
    .select(['user_id', 'purpose', 'redirect', 'proposal_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function countAttemptsSince(
  db: Executor,
  column: 'email' | 'ip',
  value: string,
  since: number,
): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('auth_email_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where(column, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return {
    count: Number(row?.count ?? 0),
    oldest: row?.oldest == null ? null : Number(row.oldest),
  };
}

export async function recordAttempt(db: Executor, email: string, ip: string, now: number) {
  await db.insertInto('auth_email_attempts').values({ email, ip, created_at: now }).execute();
}

export async function touchLastLogin(db: Executor, userId: string, now: number) {
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
}

/** How long after it expired an e-mailed proposal link can still be traded for a fresh one. */
export const PROPOSAL_LINK_RENEWABLE_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * Housekeeping: rows past their use are deleted so lookups stay on small indexes. Sign-in links go
 * a day after expiring; proposal links are kept while they can still be renewed from the
 * 'old link' page (a homeowner may open a month-old e-mail).
 */
export async function deleteExpired(db: Executor, now: number, attemptWindowMs: number) {
  await db
    .deleteFrom('login_tokens')
    .where('expires_at', '<', now - 24 * 60 * 60 * 1000)
    .where((eb) =>
      eb.or([
        eb('purpose', '!=', 'proposal'),
        eb('expires_at', '<', now - PROPOSAL_LINK_RENEWABLE_MS),
      ]),
    )
    .execute();
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('auth_email_attempts')
    .where('created_at', '<', now - attemptWindowMs)
    .execute();
}
