import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ListSort, ListStatus } from '../../shared/domain/dashboard-list';
import type { Dialect } from '../db/database';
import type { Executor } from '../db/helpers';
import type { ListCursor } from './list-cursor';
import type { ListRow } from './repository';

/** What the dashboard asks for (decision 0096), checked and normalised by the route. */
export interface ListFilter {
  /** true: only the caller's own archived proposals; false: everything else (decision 0009). */
  archived: boolean;
  status: ListStatus | null;
  /** Lower-case words, each found somewhere in the row. */
  words: readonly string[];
  sort: ListSort;
}

/** A listed row with the value it is sorted by, for the next page's cursor. */
export type SortedListRow = ListRow & { sort_key: number | string };

/**
 * The caller's proposals (owned or member of), not deleted, filtered and in the asked order;
 * keyset-paged on (sort key, id), so a page costs the same however deep it is and rows added
 * meanwhile do not shift the pages. Ties are broken by id, in the order's direction.
 */
export async function listForUser(
  db: Executor,
  dialect: Dialect,
  userId: string,
  filter: ListFilter,
  cursor: ListCursor | undefined,
  limit: number,
): Promise<SortedListRow[]> {
  const key = sortKey(dialect, filter.sort);
  let query = filtered(db, dialect, userId, filter)
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .select([
      'p.id',
      'p.owner_id',
      'p.name',
      'p.project_name',
      'p.is_public',
      'p.deleted_at',
      'p.created_at',
      'p.sent_at',
      'p.edited_at',
      'p.signed_by_contractor_at',
      'p.signed_by_homeowner_at',
      'p.archived_at',
      'p.company_name',
      'pm.role as member_role',
      'o.name as owner_name',
      'o.company_name as owner_company_name',
      key.as('sort_key'),
    ]);
  if (cursor) query = query.where(after(key, cursor));
  if (filter.sort === 'project') {
    query = query.orderBy(untitledLast(key)).orderBy(key).orderBy('p.id');
  } else {
    query = query.orderBy(key, 'desc').orderBy('p.id', 'desc');
  }
  const rows = await query.limit(limit).execute();
  return rows.map((r) => ({
    ...r,
    member_role: r.member_role ?? null,
    sort_key: typeof r.sort_key === 'string' ? r.sort_key : Number(r.sort_key),
  }));
}

/** How many of the caller's proposals match the filter, in all pages. */
export async function countForUser(
  db: Executor,
  dialect: Dialect,
  userId: string,
  filter: ListFilter,
): Promise<number> {
  const row = await filtered(db, dialect, userId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

function filtered(db: Executor, dialect: Dialect, userId: string, filter: ListFilter) {
  // The caller's candidates come from the two indexed lists (proposals_owner_idx,
  // proposal_members_user_idx), and the rows by primary key: never a scan of every proposal.
  const mine = db
    .selectFrom('proposals')
    .select('id')
    .where('owner_id', '=', userId)
    .union(
      db.selectFrom('proposal_members').select('proposal_id as id').where('user_id', '=', userId),
    );
  return (
    db
      .selectFrom(mine.as('mine'))
      .innerJoin('proposals as p', 'p.id', 'mine.id')
      .leftJoin('proposal_members as pm', (join) =>
        join.onRef('pm.proposal_id', '=', 'p.id').on('pm.user_id', '=', userId),
      )
      // SQLite without statistics would walk proposals_deleted_idx (every live proposal) instead;
      // the unary plus keeps it to the caller's candidates.
      .where(
        dialect === 'sqlite'
          ? sql<SqlBool>`+p.deleted_at is null`
          : sql<SqlBool>`p.deleted_at is null`,
      )
      .where((eb) =>
        filter.archived
          ? eb.and([eb('p.owner_id', '=', userId), eb('p.archived_at', 'is not', null)])
          : eb.or([
              eb.and([eb('p.owner_id', '=', userId), eb('p.archived_at', 'is', null)]),
              eb('pm.user_id', '=', userId),
            ]),
      )
      .where((eb) => {
        const both = eb.and([
          eb('p.signed_by_contractor_at', 'is not', null),
          eb('p.signed_by_homeowner_at', 'is not', null),
        ]);
        // The label's rule (spec point 4): 'Signed' once both have signed, else 'Sent' once sent.
        if (filter.status === 'signed') return both;
        if (filter.status === 'awaiting')
          return eb.and([eb('p.sent_at', 'is not', null), eb.not(both)]);
        if (filter.status === 'not-sent')
          return eb.and([eb('p.sent_at', 'is', null), eb.not(both)]);
        return eb.lit(true);
      })
      .where((eb) =>
        eb.and(
          filter.words.map((word) => {
            const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
            const like = (column: Expression<string>) =>
              sql<SqlBool>`${foldCase(dialect)}(${column}) like ${pattern} escape '\\'`;
            // The homeowner as the proposal names them (decision 0087); their e-mail address only
            // for the proposal's owner, who typed it: an invitee learns no address by guessing.
            const homeowner = eb.exists(
              eb
                .selectFrom('proposal_members as h')
                .innerJoin('users as hu', 'hu.id', 'h.user_id')
                .select(sql`1`.as('one'))
                .whereRef('h.proposal_id', '=', 'p.id')
                .where('h.role', '=', 'homeowner')
                .where((inner) =>
                  inner.or([
                    like(inner.ref('h.name_on_proposal')),
                    inner.and([inner('p.owner_id', '=', userId), like(inner.ref('hu.email'))]),
                  ]),
                ),
            );
            return eb.or([
              like(eb.ref('p.project_name')),
              like(eb.ref('p.name')),
              like(eb.ref('p.project_address')),
              homeowner,
            ]);
          }),
        ),
      )
  );
}

/** The order's key. Project names compare byte by byte on both engines (PostgreSQL's "C"). */
/** Lower case for every letter, not only ASCII's (SQLite's own `lower`): see db/database.ts. */
const foldCase = (dialect: Dialect) => sql.raw(dialect === 'sqlite' ? 'unicode_lower' : 'lower');

function sortKey(dialect: Dialect, sort: ListSort): RawBuilder<number | string> {
  if (sort === 'created') return sql<number>`p.created_at`;
  if (sort === 'project') {
    return dialect === 'postgres'
      ? sql<string>`lower(trim(p.project_name)) collate "C"`
      : sql<string>`lower(trim(p.project_name))`;
  }
  // The latest of the proposal's events: PostgreSQL's greatest skips nulls, SQLite's max does not.
  return dialect === 'postgres'
    ? sql<number>`greatest(p.created_at, p.edited_at, p.sent_at, p.signed_by_contractor_at,
        p.signed_by_homeowner_at)`
    : sql<number>`max(p.created_at, coalesce(p.edited_at, 0), coalesce(p.sent_at, 0),
        coalesce(p.signed_by_contractor_at, 0), coalesce(p.signed_by_homeowner_at, 0))`;
}

/** Untitled projects ('' names) after every named one, in the project order. */
function untitledLast(key: Expression<number | string>) {
  return sql<number>`case when ${key} = '' then 1 else 0 end`;
}

/** The rows after the cursor's, in the order's direction. */
function after(key: Expression<number | string>, cursor: ListCursor) {
  if (cursor.sort !== 'project') {
    return sql<SqlBool>`(${key} < ${cursor.key} or (${key} = ${cursor.key} and p.id < ${cursor.id}))`;
  }
  if (cursor.key === '') return sql<SqlBool>`(${key} = '' and p.id > ${cursor.id})`;
  return sql<SqlBool>`((${key} <> '' and (${key} > ${cursor.key}
    or (${key} = ${cursor.key} and p.id > ${cursor.id}))) or ${key} = '')`;
}
