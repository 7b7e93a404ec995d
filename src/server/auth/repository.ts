import { randomUUID } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type { LoginTokensTable, PendingSignupsTable, SessionsTable, UserRow } from '../db/schema';
import { sql } from 'kysely';
import { readKeptNow } from '../db/database';
import { changedOneRow, changedRows, type Executor, type Trx } from '../db/helpers';

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What a new account is made of; the rest of its row starts empty. */
export interface NewAccount {
  email: string;
  name: string;
  role: UserRow['role'];
  phoneNumber?: string;
  companyName?: string;
  companyLogoFileId?: string | null;
  createdAt: number;
}

/** The row of a new account, with a fresh id; written by insertUser. */
export function newUserRow(account: NewAccount): UserRow {
  return {
    id: randomUUID(),
    email: account.email,
    name: account.name,
    phone_number: account.phoneNumber ?? '',
    company_name: account.companyName ?? '',
    role: account.role,
    reassign: null,
    company_logo_file_id: account.companyLogoFileId ?? null,
    created_at: account.createdAt,
    last_login_at: null,
    account_version: 1,
  };
}

/**
 * The one place a user row is written: sign-up, sending and sharing a proposal, inviting a member
 * and the CLI all come here. With `ifAbsent` an address that has an account already is left as it
 * is and nothing is written (the unique index on e-mail settles a race); without it that address
 * is a unique violation.
 */
export async function insertUser(
  db: Executor,
  user: UserRow,
  opts: { ifAbsent?: boolean } = {},
): Promise<void> {
  const insert = db.insertInto('users').values(user);
  await (
    opts.ifAbsent ? insert.onConflict((oc) => oc.column('email').doNothing()) : insert
  ).execute();
}

/** Grants or revokes the reassign permission; false when no account has this address. */
export async function setReassign(
  db: Executor,
  email: string,
  value: UserRow['reassign'],
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ reassign: value })
    .where('email', '=', email)
    .executeTakeFirst();
  return changedRows(result) > 0;
}

export async function insertSession(db: Executor, session: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** Deletes one session; the number of rows deleted (0 when it was already gone). */
export async function deleteSession(db: Executor, idHash: string): Promise<number> {
  return changedRows(
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).executeTakeFirst(),
  );
}

/** Deletes every session of a user (sessions_user_idx); the number deleted. */
export async function deleteSessionsOf(db: Executor, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return changedRows(result);
}

/**
 * Ends a user's sign-in links not yet opened (login_tokens_user_idx); the number ended. By expiry,
 * not marked used: a used claim link counts as opened (hasUsedClaimLink), and an expired link's
 * page still offers its owner a fresh one.
 */
export async function expireUnusedLinksOf(db: Executor, userId: string, now: number) {
  const result = await db
    .updateTable('login_tokens')
    .set({ expires_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return changedRows(result);
}

/** The user of an unexpired session, with when the session was last seen; one query per request. */
type SessionUserRow = UserRow & { session_seen_at: number };

/** Stand-ins compiled into the kept query, replaced by the request's values. */
const HASH = '\u0000hash';
const NOW = '\u0000now';
const compiledSessionLookups = new WeakMap<Executor, CompiledQuery<SessionUserRow>>();

/**
 * The user's columns by name, not `users.*`: PostgreSQL fixes a prepared statement's result
 * columns when it prepares it, and a `*` read by a running instance would fail ("cached plan
 * must not change result type") once another instance's migration added a column (decision
 * 0042). The record makes the compiler list every column.
 */
export const USER_COLUMN_NAMES = Object.keys({
  id: true,
  email: true,
  name: true,
  phone_number: true,
  company_name: true,
  role: true,
  reassign: true,
  company_logo_file_id: true,
  created_at: true,
  last_login_at: true,
  account_version: true,
} satisfies Record<keyof UserRow, true>) as (keyof UserRow)[];
const USER_COLUMNS = USER_COLUMN_NAMES.map((c) => `users.${c}` as const);

/**
 * Runs on every signed-in request, where building the query with Kysely cost about as much as
 * running it (decision 0032): compiled once per database, like the proposal reader's query, and
 * run as a statement prepared once, outside Kysely (decisions 0039 and 0042). On SQLite outside a
 * transaction the answer comes back at once, not as a promise: the session hook then goes on in
 * the same turn, without the promise hops of an async function (decision 0048).
 */
export function findSessionUser(
  db: Executor,
  idHash: string,
  now: number,
): SessionFound | undefined | Promise<SessionFound | undefined> {
  let compiled = compiledSessionLookups.get(db);
  if (!compiled) {
    compiled = db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(USER_COLUMNS)
      .select(['sessions.last_seen_at as session_seen_at'])
      .where('sessions.id_hash', '=', HASH)
      .where('sessions.expires_at', '>', NOW as unknown as number)
      .compile();
    compiledSessionLookups.set(db, compiled);
  }
  const parameters = compiled.parameters.map((p) => (p === HASH ? idHash : p === NOW ? now : p));
  return readKeptNow<SessionUserRow, SessionFound | undefined>(
    db,
    compiled,
    parameters,
    sessionFound,
  );
}

export interface SessionFound {
  user: UserRow;
  seenAt: number;
}

function sessionFound({ rows: [row] }: { rows: SessionUserRow[] }): SessionFound | undefined {
  if (!row) return undefined;
  const { session_seen_at: seenAt, ...user } = row;
  return { user, seenAt };
}

/** Sliding expiry: the session was seen at `now` and lasts until `expiresAt`. */
export async function extendSession(
  db: Executor,
  idHash: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute();
}

/** A proposal link (used or not, expired or not) with the account it was e-mailed to. */
export function findProposalLinkWithUser(db: Executor, tokenHash: string) {
  return db
    .selectFrom('login_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.proposal_id', 'u.id as user_id', 'u.email', 'u.role'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.purpose', '=', 'proposal')
    .executeTakeFirst();
}

/** A new link; one written as it is opened (a sign-up's, decision 0078) is used already. */
export async function insertLoginToken(
  db: Executor,
  token: Omit<LoginTokensTable, 'used_at'> & { used_at?: number },
): Promise<void> {
  await db
    .insertInto('login_tokens')
    .values({ used_at: null, ...token })
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

/** What a sign-up keeps with its link until the link is opened (decision 0078). */
export type SignupDetails = Pick<
  PendingSignupsTable,
  'email' | 'name' | 'phone_number' | 'company_name' | 'role' | 'company_logo_file_id'
>;

/** A kept sign-up's own details, without its link's. */
export function signupDetailsOf(row: SignupDetails): SignupDetails {
  const { email, name, phone_number, company_name, role, company_logo_file_id } = row;
  return { email, name, phone_number, company_name, role, company_logo_file_id };
}

/** The account a sign-up makes when its link is opened. */
export function accountOf(signup: SignupDetails, createdAt: number): NewAccount {
  return {
    email: signup.email,
    name: signup.name,
    phoneNumber: signup.phone_number,
    companyName: signup.company_name,
    role: signup.role,
    companyLogoFileId: signup.company_logo_file_id,
    createdAt,
  };
}

/**
 * The sign-up's details and the contractor role on a homeowner's account, whose memberships stay
 * (decision 0093), in one statement that does nothing once the account is a contractor's (another
 * sign-up's link opened first). True when done.
 */
export async function becomeContractor(
  db: Executor,
  userId: string,
  signup: SignupDetails,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      role: 'contractor',
      name: signup.name,
      phone_number: signup.phone_number,
      company_name: signup.company_name,
      ...(signup.company_logo_file_id ? { company_logo_file_id: signup.company_logo_file_id } : {}),
      // A settings page loaded before this change must not save over it (decision 0094).
      account_version: sql<number>`account_version + 1`,
    })
    .where('id', '=', userId)
    .where('role', '=', 'homeowner')
    .executeTakeFirst();
  return changedRows(result) > 0;
}

export async function insertPendingSignup(db: Executor, row: PendingSignupsTable): Promise<void> {
  await db.insertInto('pending_signups').values(row).execute();
}

/** A sign-up's row by its link, expired or not (for a new link from the old-link page). */
export function findPendingSignup(
  db: Executor,
  tokenHash: string,
): Promise<PendingSignupsTable | undefined> {
  return db
    .selectFrom('pending_signups')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deletePendingSignup(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('pending_signups').where('token_hash', '=', tokenHash).execute();
}

/**
 * Takes an unexpired sign-up's row out of the table, in one statement: of two simultaneous
 * clicks on its link, one gets it.
 */
export function takePendingSignup(
  db: Executor,
  tokenHash: string,
  now: number,
): Promise<PendingSignupsTable | undefined> {
  return db
    .deleteFrom('pending_signups')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .returningAll()
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

/**
 * Records an attempt against the IP only, while the IP is under its limit since `since`, in one
 * statement; the new row's id when it was recorded. Its `key` is no address (`unsent:` and the
 * address): it counts against one only once moved there by countAgainstAddressIfUnder. On
 * PostgreSQL the caller holds lockAttempts, so two instances cannot both count 29 of 30 and both
 * insert.
 */
export async function recordAttemptIfUnder(
  db: Executor,
  attempt: { key: string; ip: string; now: number; since: number },
  perIp: number,
): Promise<number | undefined> {
  const { key, ip, now, since } = attempt;
  const result = await sql<{ id: number }>`
    insert into auth_email_attempts (email, ip, created_at)
    select ${key}, ${ip}, cast(${now} as bigint)
    where (select count(*) from auth_email_attempts
           where ip = ${ip} and created_at > ${since}) < ${perIp}
    returning id`.execute(db);
  const row = result.rows[0];
  return row ? Number(row.id) : undefined;
}

/**
 * Moves a recorded attempt onto its address while the address is under its limit since `since`,
 * in one statement; true when moved (otherwise it stays, counting against the IP only). On
 * PostgreSQL the caller holds lockAttempts, so two instances cannot both count 4 of 5 and both
 * move.
 */
export async function countAgainstAddressIfUnder(
  db: Executor,
  attempt: { id: number; email: string; since: number },
  perAddress: number,
): Promise<boolean> {
  const { id, email, since } = attempt;
  const result = await sql`
    update auth_email_attempts set email = ${email}
    where id = ${id}
      and (select count(*) from auth_email_attempts
           where email = ${email} and created_at > ${since}) < ${perAddress}`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Whether a sign-up's link to `email` is still live: made with details someone typed. */
export async function hasLiveSignup(db: Executor, email: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('pending_signups')
    .select('email')
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a recorded attempt to another key, keeping its IP and time: an attempt that e-mailed
 * nothing goes on counting against the IP but no longer against its address (decision 0082).
 */
export async function rekeyAttempt(db: Executor, id: number, key: string): Promise<void> {
  await db.updateTable('auth_email_attempts').set({ email: key }).where('id', '=', id).execute();
}

/**
 * Records an invitation or sent proposal from `sender` to `recipient` (keys of their own in the
 * attempts table) while the sender is under its count for that address and the address has not
 * had mail from too many other senders since `since`; true when recorded. On PostgreSQL the
 * caller holds lockAttempts.
 */
export async function recordProposalMailIfUnder(
  db: Executor,
  mail: { recipient: string; sender: string; now: number; since: number },
  limits: { perSender: number; senders: number },
): Promise<boolean> {
  const { recipient, sender, now, since } = mail;
  const result = await sql`
    insert into auth_email_attempts (email, ip, created_at)
    select ${recipient}, ${sender}, cast(${now} as bigint)
    where (select count(*) from auth_email_attempts
           where email = ${recipient} and ip = ${sender} and created_at > ${since}) < ${limits.perSender}
      and (exists (select 1 from auth_email_attempts
                   where email = ${recipient} and ip = ${sender} and created_at > ${since})
           or (select count(distinct ip) from auth_email_attempts
               where email = ${recipient} and created_at > ${since}) < ${limits.senders})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** The attempts of one sender to one address since `since` (the proposal-mail keys). */
export async function countPairSince(
  db: Executor,
  recipient: string,
  sender: string,
  since: number,
): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('auth_email_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('email', '=', recipient)
    .where('ip', '=', sender)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return {
    count: Number(row?.count ?? 0),
    oldest: row?.oldest == null ? null : Number(row.oldest),
  };
}

/**
 * PostgreSQL: the attempts of concurrent requests, on any instance, are checked and recorded one
 * at a time until the transaction ends (inserts elsewhere wait; reads do not). SQLite needs none:
 * its one writer at a time already makes recordAttemptIfUnder and countAgainstAddressIfUnder
 * atomic.
 */
export async function lockAttempts(trx: Trx): Promise<void> {
  await sql`lock table auth_email_attempts in share row exclusive mode`.execute(trx);
}

export async function touchLastLogin(db: Executor, userId: string, now: number) {
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
}

/** How long after it expired an e-mailed proposal link can still be traded for a fresh one. */
export const PROPOSAL_LINK_RENEWABLE_MS = 180 * 24 * 60 * 60 * 1000;

/** How long after it expired an unopened sign-up can still be sent again (decision 0078). */
export const SIGNUP_LINK_RENEWABLE_MS = 24 * 60 * 60 * 1000;

/**
 * Housekeeping: rows past their use are deleted so lookups stay on small indexes. Sign-in links
 * go a day after expiring, and so do unopened sign-ups: until then the old-link page can send
 * the same sign-up again, so a link opened the next morning does not mean signing up afresh
 * (decision 0078). Proposal links are kept while they can still be renewed from the 'old link'
 * page (a homeowner may open a month-old e-mail).
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
  await db
    .deleteFrom('pending_signups')
    .where('expires_at', '<', now - SIGNUP_LINK_RENEWABLE_MS)
    .execute();
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('auth_email_attempts')
    .where('created_at', '<', now - attemptWindowMs)
    .execute();
}
