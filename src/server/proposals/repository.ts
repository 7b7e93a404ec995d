import { sql } from 'kysely';
import type { CompiledQuery, Insertable } from 'kysely';
import type { ProposalRow, ProposalsTable, UserRow } from '../db/schema';
import { USER_COLUMN_NAMES } from '../auth/repository';
import { readKept, readKeptNow } from '../db/database';
import { changedOneRow, type Executor } from '../db/helpers';
import { nameOnProposal } from '../members/repository';

/** Kysely queries on proposals and their members; the rules live in the services. */

/**
 * Set beside every change of a proposal's row: its kept replies are stale (decision 0024). Every
 * write that changes what a reader of GET /api/proposal/:id sees moves `reply_version`, in the
 * same transaction as the change, or after it, never before.
 */
export const nextReplyVersion = sql<number>`reply_version + 1`;

/**
 * Set beside `nextReplyVersion` by a write that leaves the plan (cost groups, items, their
 * images) as it was, so the plan part of the kept reply stays (decision 0036). Only where the
 * statement itself shows it: a write without it rebuilds the plan, which is never wrong.
 */
export const headerOnly = { header_changes: sql<number>`header_changes + 1` };

/**
 * Set beside `nextReplyVersion` by a write that changes one cost group only, with
 * `touchGroupOfItem` on that group in the same transaction (decision 0043): the other groups'
 * kept parts stay. A write without it moves the plan's structure, and every part is built again.
 */
export const groupOnly = { group_changes: sql<number>`group_changes + 1` };

/**
 * Moves the part version of the group holding the item (decision 0043): for a write that marks
 * the proposal `groupOnly`, in the same transaction.
 */
export async function touchGroupOfItem(
  db: Executor,
  proposalId: string,
  itemId: string,
): Promise<void> {
  await db
    .updateTable('cost_groups')
    .set({ part_version: sql<number>`part_version + 1` })
    .where('proposal_id', '=', proposalId)
    .where('id', '=', (eb) =>
      eb
        .selectFrom('cost_items')
        .select('group_id')
        .where('id', '=', itemId)
        .where('proposal_id', '=', proposalId),
    )
    .execute();
}

/**
 * An item's option count changed (an option added or removed): the reply moves, and only the
 * item's group's part (decision 0043). The proposal's row first, in the order a plan save locks.
 */
export async function touchItem(db: Executor, proposalId: string, itemId: string): Promise<void> {
  await db
    .updateTable('proposals')
    .set({ reply_version: nextReplyVersion, ...groupOnly })
    .where('id', '=', proposalId)
    .execute();
  await touchGroupOfItem(db, proposalId, itemId);
}

/** Moves the reply counter of a proposal whose plan, files, events or people changed. */
export async function touchProposal(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('proposals')
    .set({ reply_version: nextReplyVersion })
    .where('id', '=', id)
    .execute();
}

export type ProposalForCaller = ProposalRow & {
  owner_name: string | null;
  /** The caller's membership, if any. */
  member_role: 'homeowner' | 'invitee' | null;
};

/** A proposal with its owner's name and the caller's membership, in one query. */
export async function findProposalForCaller(
  db: Executor,
  id: string,
  userId: string | null,
): Promise<ProposalForCaller | undefined> {
  const row = await db
    .selectFrom('proposals as p')
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'p.id').on('pm.user_id', '=', userId ?? ''),
    )
    .selectAll('p')
    .select(['o.name as owner_name', 'pm.role as member_role'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, member_role: row.member_role ?? null } : undefined;
}

export type ProposalForReader = ProposalForCaller & {
  contractor_signature_file_id: string | null;
  homeowner_signature_file_id: string | null;
  /** The caller has opened it before (an 'opened' event of theirs exists). */
  opened_before: boolean;
};

/**
 * The proposal's columns by name, not `p.*`: the reader's query is a statement prepared once
 * (decision 0042), and PostgreSQL fails a prepared `*` once a migration added a column. The
 * record makes the compiler list every column.
 */
const PROPOSAL_COLUMN_NAMES = Object.keys({
  id: true,
  owner_id: true,
  claim_token_hash: true,
  deleted_at: true,
  version: true,
  company_name: true,
  project_name: true,
  project_address: true,
  introductory_note: true,
  name: true,
  phone_number: true,
  project_scope: true,
  team_description: true,
  contract: true,
  show_logo: true,
  is_public: true,
  personal_photo_file_id: true,
  company_logo_file_id: true,
  date: true,
  show_cover: true,
  show_welcome: true,
  show_bigpicture: true,
  show_plan: true,
  show_shoppinglist: true,
  show_contract: true,
  created_at: true,
  sent_at: true,
  edited_at: true,
  signed_by_contractor_at: true,
  signed_by_homeowner_at: true,
  archived_at: true,
  currency: true,
  reply_version: true,
  header_changes: true,
  group_changes: true,
} satisfies Record<keyof ProposalRow, true>) as (keyof ProposalRow)[];
const PROPOSAL_COLUMNS = PROPOSAL_COLUMN_NAMES.map((c) => `p.${c}` as const);

function readerQuery(db: Executor, id: string, userId: string) {
  return db
    .selectFrom('proposals as p')
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'p.id').on('pm.user_id', '=', userId),
    )
    .leftJoin('proposal_events as e', (join) =>
      join
        .onRef('e.proposal_id', '=', 'p.id')
        .on('e.user_id', '=', userId)
        // Literals: a bound value here makes SQLite plan the query again on every run, to see
        // whether the partial index on 'opened' events applies (ten times the query's cost).
        .on('e.kind', '=', sql.lit('opened')),
    )
    .select(PROPOSAL_COLUMNS)
    .select(['o.name as owner_name', 'pm.role as member_role', 'e.id as opened_event_id'])
    .select((eb) => {
      const signature = (role: 'contractor' | 'homeowner') =>
        eb
          .selectFrom('signatures as s')
          .select('s.file_id')
          .whereRef('s.proposal_id', '=', 'p.id')
          .where('s.role', '=', sql.lit(role));
      return [
        signature('contractor').as('contractor_signature_file_id'),
        signature('homeowner').as('homeowner_signature_file_id'),
      ];
    })
    .where('p.id', '=', id);
}

type ReaderRow = Awaited<ReturnType<ReturnType<typeof readerQuery>['executeTakeFirstOrThrow']>>;

/** Stand-ins compiled into the kept query, replaced by the request's values. */
const ID = '\u0000id';
const USER = '\u0000user';
const compiledReaders = new WeakMap<Executor, CompiledQuery<ReaderRow>>();

/**
 * The proposal read's first query (decision 0024): what findProposalForCaller answers, plus the
 * signature images and whether the caller opened it before, so a read needs no other query for
 * them and a kept reply costs this one query. It runs on every read, where building it with
 * Kysely cost more than running it, so it is compiled once per database.
 */
export async function findProposalForReader(
  db: Executor,
  id: string,
  userId: string | null,
): Promise<ProposalForReader | undefined> {
  let compiled = compiledReaders.get(db);
  if (!compiled) {
    compiled = readerQuery(db, ID, USER).compile();
    compiledReaders.set(db, compiled);
  }
  const parameters = compiled.parameters.map((p) =>
    p === ID ? id : p === USER ? (userId ?? '') : p,
  );
  const [row] = await readKept(db, compiled, parameters);
  return row && readerFromRow(row);
}

/**
 * The reader's proposal from its row, each field copied once: this runs on every signed-in read
 * of a proposal, where a rest and spread over the whole row cost more than the statement
 * (decision 0051). The session's statement has the same columns under the same names.
 */
function readerFromRow(row: ReaderRow): ProposalForReader {
  const fields: Record<string, unknown> = {};
  for (let i = 0; i < PROPOSAL_COLUMN_NAMES.length; i++)
    fields[PROPOSAL_COLUMN_NAMES[i]!] = row[PROPOSAL_COLUMN_NAMES[i]!];
  fields.owner_name = row.owner_name;
  fields.member_role = row.member_role ?? null;
  fields.contractor_signature_file_id = row.contractor_signature_file_id ?? null;
  fields.homeowner_signature_file_id = row.homeowner_signature_file_id ?? null;
  fields.opened_before = row.opened_event_id !== null && row.opened_event_id !== undefined;
  return fields as ProposalForReader;
}

/**
 * The session lookup and the proposal reader's query in one statement, for GET
 * /api/proposal/:id signed in (decision 0042): a kept reply then costs one round trip. The
 * session's part answers what findSessionUser answers; the reader's part what
 * findProposalForReader answers for the session's user (undefined for an unknown id). Undefined
 * when the session is unknown or expired. On SQLite outside a transaction the answer comes in the
 * same turn, without a promise, as findSessionUser's does (decisions 0048 and 0051).
 */
export function findSessionUserWithReader(
  db: Executor,
  idHash: string,
  now: number,
  id: string,
): SessionReader | undefined | Promise<SessionReader | undefined> {
  let compiled = compiledSessionReaders.get(db);
  if (!compiled) {
    compiled = sessionReaderQuery(db).compile();
    compiledSessionReaders.set(db, compiled);
  }
  const parameters = compiled.parameters.map((p) =>
    p === ID ? id : p === HASH ? idHash : p === NOW ? now : p,
  );
  return readKeptNow<SessionReaderRow, SessionReader | undefined>(
    db,
    compiled,
    parameters,
    sessionReader,
  );
}

export interface SessionReader {
  user: UserRow;
  seenAt: number;
  reader: ProposalForReader | undefined;
}

/** The row split into the session's user and the reader, each field copied once (0051). */
function sessionReader({ rows: [row] }: { rows: SessionReaderRow[] }): SessionReader | undefined {
  if (!row) return undefined;
  const user: Record<string, unknown> = {};
  for (let i = 0; i < USER_COLUMN_NAMES.length; i++)
    user[USER_COLUMN_NAMES[i]!] = row[SESSION_USER_ALIASES[i]!];
  // The reader's columns are null when the proposal is unknown (a left join).
  const reader = row.id === null ? undefined : readerFromRow(row as unknown as ReaderRow);
  return { user: user as unknown as UserRow, seenAt: row.session_seen_at, reader };
}

const HASH = '\u0000hash';
const NOW = '\u0000now';
const SESSION_USER_ALIASES = USER_COLUMN_NAMES.map((c) => `session_user_${c}`);

/** readerQuery's columns, joined to the session's user instead of a given user id. */
function sessionReaderQuery(db: Executor) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('proposals as p', (join) => join.on('p.id', '=', ID))
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'p.id').onRef('pm.user_id', '=', 's.user_id'),
    )
    .leftJoin('proposal_events as e', (join) =>
      join
        .onRef('e.proposal_id', '=', 'p.id')
        .onRef('e.user_id', '=', 's.user_id')
        .on('e.kind', '=', sql.lit('opened')),
    )
    .select(
      USER_COLUMN_NAMES.map((c, i) => sql.ref<unknown>(`u.${c}`).as(SESSION_USER_ALIASES[i]!)),
    )
    .select('s.last_seen_at as session_seen_at')
    .select(PROPOSAL_COLUMNS)
    .select(['o.name as owner_name', 'pm.role as member_role', 'e.id as opened_event_id'])
    .select((eb) => {
      const signature = (role: 'contractor' | 'homeowner') =>
        eb
          .selectFrom('signatures as sg')
          .select('sg.file_id')
          .whereRef('sg.proposal_id', '=', 'p.id')
          .where('sg.role', '=', sql.lit(role));
      return [
        signature('contractor').as('contractor_signature_file_id'),
        signature('homeowner').as('homeowner_signature_file_id'),
      ];
    })
    .where('s.id_hash', '=', HASH)
    .where('s.expires_at', '>', NOW as unknown as number);
}

type SessionReaderRow = Record<string, unknown> & { id: string | null; session_seen_at: number };
const compiledSessionReaders = new WeakMap<Executor, CompiledQuery<SessionReaderRow>>();

export async function insertProposal(db: Executor, row: Insertable<ProposalsTable>): Promise<void> {
  await db.insertInto('proposals').values(row).execute();
}

export type ProposalFields = Pick<
  ProposalsTable,
  | 'company_name'
  | 'project_name'
  | 'project_address'
  | 'introductory_note'
  | 'name'
  | 'phone_number'
  | 'project_scope'
  | 'team_description'
  | 'contract'
  | 'show_logo'
  | 'currency'
  | 'show_cover'
  | 'show_welcome'
  | 'show_bigpicture'
  | 'show_plan'
  | 'show_shoppinglist'
  | 'show_contract'
>;

/**
 * The optimistic-concurrency write: succeeds only on the version the editor started from, and
 * only while the homeowner has not signed. Returns false when nothing was updated.
 */
export async function updateProposalIfCurrent(
  db: Executor,
  id: string,
  version: number,
  fields: ProposalFields,
  /** The edited time to write; undefined leaves it, for `markEdited` to decide (decision 0085). */
  editedAt: number | undefined,
): Promise<boolean> {
  const result = await db
    .updateTable('proposals')
    .set({
      ...fields,
      version: sql<number>`version + 1`,
      ...(editedAt === undefined ? {} : { edited_at: editedAt }),
      reply_version: nextReplyVersion,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_at', 'is', null)
    .where('signed_by_homeowner_at', 'is', null)
    .executeTakeFirst();
  return changedOneRow(result);
}

export async function setProposalFiles(
  db: Executor,
  id: string,
  files: { personal_photo_file_id: string | null; company_logo_file_id: string | null },
): Promise<void> {
  await db
    .updateTable('proposals')
    .set({ ...files, reply_version: nextReplyVersion })
    .where('id', '=', id)
    .execute();
}

/** Soft-deletes an unsigned proposal; false when it is gone or has a signature (decision 0009). */
export async function softDeleteProposal(db: Executor, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('proposals')
    .set({ deleted_at: now, reply_version: nextReplyVersion })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('signed_by_contractor_at', 'is', null)
    .where('signed_by_homeowner_at', 'is', null)
    .executeTakeFirst();
  return changedOneRow(result);
}

/** Archives or unarchives; false when nothing changed (already so, or gone). */
export async function setArchived(
  db: Executor,
  id: string,
  archived: boolean,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('proposals')
    .set({ archived_at: archived ? now : null, reply_version: nextReplyVersion, ...headerOnly })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('archived_at', archived ? 'is' : 'is not', null)
    .executeTakeFirst();
  return changedOneRow(result);
}

/** The first open of the proposal by this member; later opens change nothing (a unique index). */
export async function recordOpened(
  db: Executor,
  proposalId: string,
  userId: string,
  now: number,
): Promise<void> {
  const result = await db
    .insertInto('proposal_events')
    .values({
      proposal_id: proposalId,
      kind: 'opened',
      user_id: userId,
      detail: '',
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  // The owner's activity lists the first open; the plan is as it was.
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0)
    await db
      .updateTable('proposals')
      .set({ reply_version: nextReplyVersion, ...headerOnly })
      .where('id', '=', proposalId)
      .execute();
}

/**
 * The events of one proposal of these kinds, oldest first, with their actor's name (as this
 * proposal names them, decision 0087) and e-mail.
 */
export function loadEvents(db: Executor, proposalId: string, kinds: readonly string[]) {
  return db
    .selectFrom('proposal_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'e.proposal_id').onRef('pm.user_id', '=', 'e.user_id'),
    )
    .select(['e.id', 'e.kind', 'e.detail', 'e.created_at', 'u.email'])
    .select(nameOnProposal('pm', 'u').as('name'))
    .where('e.proposal_id', '=', proposalId)
    .where('e.kind', 'in', kinds)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

/** Sets public or private (the caller holds the proposal's row lock). */
export async function setVisibility(db: Executor, id: string, isPublic: boolean): Promise<void> {
  await db
    .updateTable('proposals')
    .set({ is_public: isPublic ? 1 : 0, reply_version: nextReplyVersion, ...headerOnly })
    .where('id', '=', id)
    .execute();
}

export async function setOwner(db: Executor, id: string, ownerId: string): Promise<void> {
  await db
    .updateTable('proposals')
    .set({ owner_id: ownerId, claim_token_hash: null, reply_version: nextReplyVersion })
    .where('id', '=', id)
    .execute();
  // The owner is not also a member of their own proposal.
  await db
    .deleteFrom('proposal_members')
    .where('proposal_id', '=', id)
    .where('user_id', '=', ownerId)
    .execute();
}

export async function insertEvent(
  db: Executor,
  event: { proposal_id: string; kind: string; user_id: string | null; detail: string; now: number },
  /** The write it records left the plan as it was (decision 0036): its kept part stays. */
  { planUnchanged = false }: { planUnchanged?: boolean } = {},
): Promise<void> {
  await db
    .insertInto('proposal_events')
    .values({
      proposal_id: event.proposal_id,
      kind: event.kind,
      user_id: event.user_id,
      detail: event.detail,
      created_at: event.now,
    })
    .execute();
  // The owner's activity, and the change the event records, are part of the reply.
  if (!planUnchanged) await touchProposal(db, event.proposal_id);
  else
    await db
      .updateTable('proposals')
      .set({ reply_version: nextReplyVersion, ...headerOnly })
      .where('id', '=', event.proposal_id)
      .execute();
}

/** The proposal's latest event (any kind), or undefined when it has none. */
export function findLatestEvent(db: Executor, proposalId: string) {
  return db
    .selectFrom('proposal_events')
    .select(['id', 'kind', 'user_id', 'created_at'])
    .where('proposal_id', '=', proposalId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Moves one event to a later time (an edit joining the one just before it, decision 0085). */
export async function moveEventTime(db: Executor, eventId: number, now: number): Promise<void> {
  await db
    .updateTable('proposal_events')
    .set({ created_at: now })
    .where('id', '=', eventId)
    .execute();
}

/**
 * The homeowner the proposal was sent to (the first, should there be several), by the name its
 * sender gave them (decision 0087).
 */
export function findHomeowner(
  db: Executor,
  proposalId: string,
): Promise<{ name: string; email: string } | undefined> {
  return db
    .selectFrom('proposal_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .select(['pm.name_on_proposal as name', 'u.email'])
    .where('pm.proposal_id', '=', proposalId)
    .where('pm.role', '=', 'homeowner')
    .orderBy('pm.created_at')
    .orderBy('u.email')
    .limit(1)
    .executeTakeFirst();
}

/** Contractors' e-mails for the reassign list, the caller left out. */
export async function listContractorEmails(
  db: Executor,
  exceptUserId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'contractor')
    .where('id', '!=', exceptUserId)
    .orderBy('email')
    .limit(limit)
    .execute();
  return rows.map((r) => r.email);
}

// ---- the dashboard list -----------------------------------------------------------------------

export type ListRow = Pick<
  ProposalRow,
  | 'id'
  | 'owner_id'
  | 'name'
  | 'project_name'
  | 'is_public'
  | 'deleted_at'
  | 'created_at'
  | 'sent_at'
  | 'edited_at'
  | 'signed_by_contractor_at'
  | 'signed_by_homeowner_at'
  | 'archived_at'
  | 'company_name'
> & {
  member_role: 'homeowner' | 'invitee' | null;
  /** The owner's account name and company, for "Awaiting {contractor}'s signature". */
  owner_name: string | null;
  owner_company_name: string | null;
};

/**
 * One query for a page of the list: each proposal's homeowner members (the name its sender gave
 * them, decision 0087, and e-mail) with the time of their first open ('opened' event, decision
 * 0009), oldest membership first.
 */
export async function homeownersOf(
  db: Executor,
  proposalIds: readonly string[],
): Promise<{ proposal_id: string; name: string; email: string; opened_at: number | null }[]> {
  if (proposalIds.length === 0) return [];
  const rows = await db
    .selectFrom('proposal_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .leftJoin('proposal_events as e', (join) =>
      join
        .onRef('e.proposal_id', '=', 'pm.proposal_id')
        .onRef('e.user_id', '=', 'pm.user_id')
        .on('e.kind', '=', 'opened'),
    )
    .select([
      'pm.proposal_id',
      'pm.name_on_proposal as name',
      'u.email',
      'e.created_at as opened_at',
    ])
    .where('pm.proposal_id', 'in', proposalIds)
    .where('pm.role', '=', 'homeowner')
    .orderBy('pm.created_at')
    .orderBy('u.email')
    .execute();
  return rows.map((r) => ({ ...r, opened_at: r.opened_at === null ? null : Number(r.opened_at) }));
}

/** One aggregate query: each selection item of these proposals with its number of options. */
export async function selectionOptionCounts(
  db: Executor,
  proposalIds: readonly string[],
): Promise<{ proposal_id: string; option_count: number }[]> {
  if (proposalIds.length === 0) return [];
  const rows = await db
    .selectFrom('cost_items as ci')
    .leftJoin('options as o', 'o.cost_item_id', 'ci.id')
    .select(['ci.proposal_id', (eb) => eb.fn.count<number>('o.id').as('option_count')])
    .where('ci.proposal_id', 'in', proposalIds)
    .where('ci.selection', '=', 1)
    .groupBy(['ci.proposal_id', 'ci.id'])
    .execute();
  return rows.map((r) => ({ proposal_id: r.proposal_id, option_count: Number(r.option_count) }));
}

/**
 * Item names this contractor used before under groups of this name (case-insensitive), most used
 * first. Walks the owner's proposals (proposals_owner_idx), their groups (cost_groups_proposal_idx)
 * and those groups' items (cost_items_group_idx).
 */
export async function itemNameSuggestions(
  db: Executor,
  ownerId: string,
  groupName: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('proposals as p')
    .innerJoin('cost_groups as g', 'g.proposal_id', 'p.id')
    .innerJoin('cost_items as i', 'i.group_id', 'g.id')
    .select([(eb) => eb.fn.min('i.name').as('name'), (eb) => eb.fn.countAll<number>().as('uses')])
    .where('p.owner_id', '=', ownerId)
    .where('p.deleted_at', 'is', null)
    .where(sql`lower(g.name)`, '=', groupName.toLowerCase())
    .groupBy(sql`lower(i.name)`)
    .orderBy('uses', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map((r) => r.name);
}

/** The project name of a proposal that is not deleted, or undefined. */
export function findLiveProposalName(
  db: Executor,
  id: string,
): Promise<{ project_name: string } | undefined> {
  return db
    .selectFrom('proposals')
    .select(['project_name'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The proposal row as stored (deleted or not); throws when there is none. */
export function loadProposalRow(db: Executor, id: string): Promise<ProposalRow> {
  return db.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Moves the version on (the content changed) while neither side has signed; false once anyone
 * has. Takes the row lock a signature also needs.
 */
export async function bumpVersionIfUnsigned(
  db: Executor,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('proposals')
    .set({ version: sql<number>`version + 1`, edited_at: now, reply_version: nextReplyVersion })
    .where('id', '=', id)
    .where('signed_by_homeowner_at', 'is', null)
    .where('signed_by_contractor_at', 'is', null)
    .executeTakeFirst();
  return changedOneRow(result);
}

/** Sets the edited time (the save that changed the content moved the reply version already). */
export async function markEdited(db: Executor, id: string, now: number): Promise<void> {
  await db.updateTable('proposals').set({ edited_at: now }).where('id', '=', id).execute();
}

/** When the homeowner signed, or null (also when there is no such proposal). */
export async function findHomeownerSignedAt(db: Executor, id: string): Promise<number | null> {
  const row = await db
    .selectFrom('proposals')
    .select('signed_by_homeowner_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.signed_by_homeowner_at ?? null;
}

export async function markSent(db: Executor, id: string, now: number): Promise<void> {
  await db
    .updateTable('proposals')
    .set({ sent_at: now, reply_version: nextReplyVersion, ...headerOnly })
    .where('id', '=', id)
    .execute();
}
