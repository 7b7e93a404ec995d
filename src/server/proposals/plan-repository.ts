import { CompiledQuery, sql, type Selectable } from 'kysely';
import type { CostGroupsRow, CostGroupsTable, CostItemsTable, FilesTable } from '../db/schema';
import { changedRows, type Executor } from '../db/helpers';
import { readKept } from '../db/database';

/*
 * Queries for the plan (cost groups and items) and the proposal's files. Reading a proposal
 * costs the same fixed number of queries whatever its size; writing batches rows in chunks that
 * stay far below either engine's limit on bound parameters.
 */

const CHUNK = 400;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The kinds of file the proposal editor attaches; signatures and product images are not its. */
export const EDITOR_FILE_KINDS = [
  'company_logo',
  'personal_photo',
  'current_condition',
  'group_image',
] as const satisfies readonly FilesTable['kind'][];

// A logged-out upload's client key only serves the upload budget's sums (decision 0088).
export type FileRow = Omit<Selectable<FilesTable>, 'upload_client'>;

export type ItemWithCount = CostItemsTable & { option_count: number };

// ---- reading ----------------------------------------------------------------------------------

/** The groups in the plan's order, with the versions of their reply parts (decision 0043). */
export function loadGroups(db: Executor, proposalId: string): Promise<Selectable<CostGroupsRow>[]> {
  return db
    .selectFrom('cost_groups')
    .selectAll()
    .where('proposal_id', '=', proposalId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The proposal's items, or only those of `groupIds` (the groups whose reply part is built). */
export async function loadItems(
  db: Executor,
  proposalId: string,
  groupIds?: readonly string[],
): Promise<ItemWithCount[]> {
  let query = db
    .selectFrom('cost_items as ci')
    .selectAll('ci')
    .select((eb) =>
      eb
        .selectFrom('options as o')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('o.cost_item_id', '=', 'ci.id')
        .as('option_count'),
    )
    .where('ci.proposal_id', '=', proposalId)
    .orderBy('ci.group_id')
    .orderBy('ci.position')
    .orderBy('ci.id');
  // Past one chunk of groups, all items: the list stays far below either engine's limit.
  if (groupIds && groupIds.length <= CHUNK) query = query.where('ci.group_id', 'in', groupIds);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, option_count: Number(r.option_count ?? 0) }));
}

/** Files attached to the proposal, plus the logo or photo it borrows (an account's logo). */
export function loadProposalFiles(
  db: Executor,
  proposalId: string,
  referencedIds: readonly string[],
): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where((eb) =>
      referencedIds.length > 0
        ? eb.or([eb('proposal_id', '=', proposalId), eb('id', 'in', referencedIds)])
        : eb('proposal_id', '=', proposalId),
    )
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function loadSignatures(
  db: Executor,
  proposalId: string,
): Promise<{ role: 'contractor' | 'homeowner'; file_id: string }[]> {
  return db
    .selectFrom('signatures')
    .select(['role', 'file_id'])
    .where('proposal_id', '=', proposalId)
    .execute();
}

export async function existingPlanIds(
  db: Executor,
  proposalId: string,
): Promise<{ groupIds: Set<string>; itemIds: Set<string> }> {
  const groups = await db
    .selectFrom('cost_groups')
    .select('id')
    .where('proposal_id', '=', proposalId)
    .execute();
  const items = await db
    .selectFrom('cost_items')
    .select('id')
    .where('proposal_id', '=', proposalId)
    .execute();
  return {
    groupIds: new Set(groups.map((g) => g.id)),
    itemIds: new Set(items.map((i) => i.id)),
  };
}

export async function findFiles(db: Executor, ids: readonly string[]): Promise<FileRow[]> {
  const out: FileRow[] = [];
  for (const part of chunks(ids)) {
    out.push(...(await db.selectFrom('files').selectAll().where('id', 'in', part).execute()));
  }
  return out;
}

/** Whether an account names the logo, or a proposal other than `proposalId` shows it. */
export async function logoShownElsewhere(
  db: Executor,
  fileId: string,
  proposalId: string,
): Promise<boolean> {
  const account = await db
    .selectFrom('users')
    .select('id')
    .where('company_logo_file_id', '=', fileId)
    .executeTakeFirst();
  if (account) return true;
  const cover = await db
    .selectFrom('proposals')
    .select('id')
    .where('company_logo_file_id', '=', fileId)
    .where('id', '!=', proposalId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return cover !== undefined;
}

export async function attachedEditorFileIds(db: Executor, proposalId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('proposal_id', '=', proposalId)
    .where('kind', 'in', EDITOR_FILE_KINDS)
    .execute();
  return rows.map((r) => r.id);
}

// ---- writing ----------------------------------------------------------------------------------

/** Inserts new groups and updates kept ones (same id) in one statement per chunk. */
export async function upsertGroups(db: Executor, rows: readonly CostGroupsTable[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('cost_groups')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          position: eb.ref('excluded.position'),
          name: eb.ref('excluded.name'),
          note: eb.ref('excluded.note'),
        })),
      )
      .execute();
  }
}

/** Inserts new items and updates kept ones; a kept item may move to another group. */
export async function upsertItems(db: Executor, rows: readonly CostItemsTable[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('cost_items')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          group_id: eb.ref('excluded.group_id'),
          position: eb.ref('excluded.position'),
          name: eb.ref('excluded.name'),
          cost_cents: eb.ref('excluded.cost_cents'),
          raw_cost: eb.ref('excluded.raw_cost'),
          cost_type: eb.ref('excluded.cost_type'),
          selection: eb.ref('excluded.selection'),
          note: eb.ref('excluded.note'),
        })),
      )
      .execute();
  }
}

/** How many options each of these items has now, with its name; items without any are left out. */
export async function optionCountsOf(
  db: Executor,
  ids: readonly string[],
): Promise<{ id: string; name: string; count: number }[]> {
  const counts: { id: string; name: string; count: number }[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('cost_items as ci')
      .innerJoin('options as o', 'o.cost_item_id', 'ci.id')
      .select(['ci.id', 'ci.name', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('ci.id', 'in', part)
      .groupBy(['ci.id', 'ci.name'])
      .execute();
    for (const row of rows) counts.push({ id: row.id, name: row.name, count: Number(row.count) });
  }
  return counts;
}

/** Deleting an item or group cascades to its options and comments: the user removed it. */
export async function deleteItems(
  db: Executor,
  proposalId: string,
  ids: readonly string[],
): Promise<void> {
  for (const part of chunks(ids)) {
    await db
      .deleteFrom('cost_items')
      .where('proposal_id', '=', proposalId)
      .where('id', 'in', part)
      .execute();
  }
}

export async function deleteGroups(
  db: Executor,
  proposalId: string,
  ids: readonly string[],
): Promise<void> {
  for (const part of chunks(ids)) {
    await db
      .deleteFrom('cost_groups')
      .where('proposal_id', '=', proposalId)
      .where('id', 'in', part)
      .execute();
  }
}

export interface Attachment {
  fileId: string;
  groupId: string | null;
  position: number;
}

/**
 * Attaches files to the proposal with their group and position, one statement per chunk.
 * Returns how many rows were updated.
 */
export async function attachFiles(
  db: Executor,
  proposalId: string,
  attachments: readonly Attachment[],
): Promise<number> {
  let updated = 0;
  for (const part of chunks(attachments)) {
    // Positions are our own integers, written as literals; ids and groups are bound parameters.
    const position = sql<number>`case id ${sql.join(
      part.map((a) => sql`when ${a.fileId} then ${sql.lit(a.position)}`),
      sql` `,
    )} else position end`;
    const groupId = sql<string | null>`case id ${sql.join(
      part.map((a) =>
        a.groupId ? sql`when ${a.fileId} then ${a.groupId}` : sql`when ${a.fileId} then null`,
      ),
      sql` `,
    )} else group_id end`;
    const result = await db
      .updateTable('files')
      .set({ proposal_id: proposalId, position, group_id: groupId })
      .where(
        'id',
        'in',
        part.map((a) => a.fileId),
      )
      .executeTakeFirst();
    updated += changedRows(result);
  }
  return updated;
}

/** Files the proposal no longer shows go back to unattached; housekeeping deletes them. */
export async function detachFiles(
  db: Executor,
  proposalId: string,
  ids: readonly string[],
): Promise<void> {
  for (const part of chunks(ids)) {
    await db
      .updateTable('files')
      .set({ proposal_id: null, group_id: null, position: 0 })
      .where('proposal_id', '=', proposalId)
      .where('id', 'in', part)
      .execute();
  }
}

/** A group of the plan as its reply part needs it, and whether its kept part is still current. */
export interface PlanGroupRow extends CostGroupsTable {
  part_version: number;
  kept: boolean;
}

/**
 * The groups in the plan's order with their part versions, and in the same statement the items
 * (with their option counts) of the groups whose part is not in `keptParts` (`{group id}:{part
 * version}`, decision 0043): a first read after a change of the plan costs one statement here,
 * on one snapshot, whatever the size (decision 0045). Prepared once per text, outside a
 * transaction (decision 0042).
 */
export async function loadPlanRows(
  db: Executor,
  dialect: 'sqlite' | 'postgres',
  proposalId: string,
  keptParts: readonly string[],
): Promise<{ groups: PlanGroupRow[]; items: ItemWithCount[] }> {
  const text = dialect === 'postgres' ? PLAN_ROWS_POSTGRES : PLAN_ROWS_SQLITE;
  const parameters = [JSON.stringify(keptParts), proposalId];
  const rows = await readKept<PlanRow>(db, CompiledQuery.raw(text, parameters), parameters);
  const groups: PlanGroupRow[] = [];
  const items: ItemWithCount[] = [];
  let last: PlanGroupRow | undefined;
  for (const row of rows) {
    if (last?.id !== row.g_id) {
      last = {
        id: row.g_id,
        proposal_id: proposalId,
        position: row.g_position,
        name: row.g_name,
        note: row.g_note,
        part_version: Number(row.g_part_version),
        kept: Boolean(row.g_kept),
      };
      groups.push(last);
    }
    if (row.i_id === null) continue;
    items.push({
      id: row.i_id,
      group_id: row.g_id,
      proposal_id: proposalId,
      position: row.i_position,
      name: row.i_name,
      cost_cents: row.i_cost_cents,
      raw_cost: row.i_raw_cost,
      cost_type: row.i_cost_type,
      selection: row.i_selection,
      note: row.i_note,
      option_count: Number(row.option_count ?? 0),
    });
  }
  return { groups, items };
}

interface PlanRow {
  g_id: string;
  g_position: number;
  g_name: string;
  g_note: string;
  g_part_version: number;
  g_kept: boolean | number;
  i_id: string | null;
  i_position: number;
  i_name: string;
  i_cost_cents: number;
  i_raw_cost: string;
  i_cost_type: number | null;
  i_selection: CostItemsTable['selection'];
  i_note: string;
  option_count: number | null;
}

/**
 * Columns by name, never `*`: a prepared statement's result type is fixed (decision 0042). Items
 * in loadItems's order within each group; a kept group comes as one row without an item. The
 * join's key is null for a kept group, so its items are not even looked up (a join filter let
 * PostgreSQL read every item and drop the kept groups' after).
 */
const planRows = (keptList: string, proposal: string) => `with g as (
  select id, name, note, part_version, position,
    (id || ':' || part_version) in (${keptList}) as kept
  from cost_groups where proposal_id = ${proposal}
)
select g.id as g_id, g.position as g_position, g.name as g_name, g.note as g_note, g.part_version as g_part_version,
  g.kept as g_kept, ci.id as i_id, ci.position as i_position, ci.name as i_name,
  ci.cost_cents as i_cost_cents, ci.raw_cost as i_raw_cost, ci.cost_type as i_cost_type,
  ci.selection as i_selection, ci.note as i_note,
  (select count(*) from options o where o.cost_item_id = ci.id) as option_count
from g left join cost_items ci on ci.group_id = (case when g.kept then null else g.id end)
order by g.position, g.id, ci.position, ci.id`;
const PLAN_ROWS_POSTGRES = planRows('select json_array_elements_text($1::json)', '$2');
const PLAN_ROWS_SQLITE = planRows('select value from json_each(?)', '?');
