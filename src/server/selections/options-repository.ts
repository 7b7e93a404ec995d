import { sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { Insertable } from 'kysely';
import type { ChooserRole, OptionsTable } from '../db/schema';
import type { ProductRow } from '../products/dto';
import { PRODUCT_COLUMNS } from '../products/product-columns';
import { changedOneRow, type Executor, type Trx } from '../db/helpers';

/** Kysely queries that find and change options; the rules live in options-service.ts. */

export interface ItemRef {
  id: string;
  group_id: string;
}

/** A selection item of this proposal, or undefined. */
export function findSelectionItem(
  db: Executor,
  proposalId: string,
  itemId: string,
): Promise<ItemRef | undefined> {
  return db
    .selectFrom('cost_items')
    .select(['id', 'group_id'])
    .where('id', '=', itemId)
    .where('proposal_id', '=', proposalId)
    .where('selection', '=', 1)
    .executeTakeFirst();
}

/**
 * The same, with the item's row locked until the transaction ends: every change to an item's
 * options takes this lock first, so two of them on one item run one after the other (PostgreSQL).
 * SQLite runs one transaction at a time on its single connection, so a plain read is enough there.
 */
export function lockSelectionItem(
  trx: Trx,
  dialect: Dialect,
  proposalId: string,
  itemId: string,
): Promise<ItemRef | undefined> {
  let query = trx
    .selectFrom('cost_items')
    .select(['id', 'group_id'])
    .where('id', '=', itemId)
    .where('proposal_id', '=', proposalId)
    .where('selection', '=', 1);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export type OptionRef = Pick<OptionsTable, 'id' | 'cost_item_id' | 'added_by'>;

/** An option on a selection item of this proposal, or undefined. */
export function findOption(
  db: Executor,
  proposalId: string,
  optionId: string,
): Promise<OptionRef | undefined> {
  return db
    .selectFrom('options as o')
    .innerJoin('cost_items as ci', 'ci.id', 'o.cost_item_id')
    .select(['o.id', 'o.cost_item_id', 'o.added_by'])
    .where('o.id', '=', optionId)
    .where('ci.proposal_id', '=', proposalId)
    .where('ci.selection', '=', 1)
    .executeTakeFirst();
}

/**
 * The product when it may go on an item of this proposal: a catalogue product (clipped ones join
 * the catalogue), or one already an option somewhere on this proposal.
 */
export function findUsableProduct(
  db: Executor,
  proposalId: string,
  which: { id: string } | { url: string },
): Promise<ProductRow | undefined> {
  // A product entered by hand is usable only where it already is: its image belongs to that
  // proposal, so members of another one could not see it.
  return (
    db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where((eb) =>
        'id' in which ? eb('products.id', '=', which.id) : eb('products.url', '=', which.url),
      )
      .where((eb) =>
        eb.or([
          eb('products.catalogue', '=', 1),
          eb.exists(
            eb
              .selectFrom('options as o')
              .innerJoin('cost_items as ci', 'ci.id', 'o.cost_item_id')
              .select('o.id')
              .whereRef('o.product_id', '=', 'products.id')
              .where('ci.proposal_id', '=', proposalId),
          ),
        ]),
      )
      // The shared catalogue entry first when a hand-made copy holds the same link.
      .orderBy('products.catalogue', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

export async function hasProduct(trx: Trx, itemId: string, productId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('options')
    .select('id')
    .where('cost_item_id', '=', itemId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many options the item has, and the sort_order after its last one. */
export async function optionsTail(
  trx: Trx,
  itemId: string,
): Promise<{ count: number; nextSortOrder: number }> {
  const row = await trx
    .selectFrom('options')
    .select((eb) => [eb.fn.max('sort_order').as('last'), eb.fn.countAll<number>().as('count')])
    .where('cost_item_id', '=', itemId)
    .executeTakeFirst();
  const last = row?.last;
  return {
    count: Number(row?.count ?? 0),
    nextSortOrder: last === null || last === undefined ? 0 : Number(last) + 1,
  };
}

export async function insertOption(trx: Trx, row: Insertable<OptionsTable>): Promise<void> {
  await trx.insertInto('options').values(row).execute();
}

/** Who chose an option, when and as what (decision 0091). */
export interface Chooser {
  userId: string;
  role: ChooserRole;
  at: number;
}

const NOT_CHOSEN = { chosen_by: null, chosen_at: null, chosen_role: null } as const;

/**
 * Demotes the item's Chosen option (other than this one) to Liked (docs/product/selections.md);
 * it is nobody's choice any more.
 */
export async function demoteChosen(
  trx: Trx,
  itemId: string,
  exceptOptionId: string,
): Promise<void> {
  await trx
    .updateTable('options')
    .set({ position: 'liked', ...NOT_CHOSEN })
    .where('cost_item_id', '=', itemId)
    .where('position', '=', 'chosen')
    .where('id', '!=', exceptOptionId)
    .execute();
}

/**
 * Sets the position; `chooser` is recorded when it becomes Chosen (the caller leaves a Chosen one
 * as it is), and any other position is nobody's choice.
 */
export async function setPosition(
  trx: Trx,
  optionId: string,
  position: OptionsTable['position'],
  chooser: Chooser,
): Promise<boolean> {
  const choice =
    position === 'chosen'
      ? { chosen_by: chooser.userId, chosen_at: chooser.at, chosen_role: chooser.role }
      : NOT_CHOSEN;
  const result = await trx
    .updateTable('options')
    .set({ position, ...choice })
    .where('id', '=', optionId)
    .executeTakeFirst();
  return changedOneRow(result);
}

/** False when the option was already gone. */
export async function deleteOption(trx: Trx, optionId: string): Promise<boolean> {
  const result = await trx.deleteFrom('options').where('id', '=', optionId).executeTakeFirst();
  return changedOneRow(result);
}

export async function optionIdsOf(trx: Trx, itemId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('options')
    .select('id')
    .where('cost_item_id', '=', itemId)
    // The order every reader is shown (repository.ts).
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The item's Chosen option and as what it was chosen (null: before choices were recorded). */
export function choiceOf(
  trx: Trx,
  itemId: string,
): Promise<{ id: string; chosen_role: ChooserRole | null } | undefined> {
  return trx
    .selectFrom('options')
    .select(['id', 'chosen_role'])
    .where('cost_item_id', '=', itemId)
    .where('position', '=', 'chosen')
    .executeTakeFirst();
}

/** The item's Chosen option, if any. */
export async function chosenOf(trx: Trx, itemId: string): Promise<string | null> {
  return (await choiceOf(trx, itemId))?.id ?? null;
}

/** The item's name and, when an option is named, its product's title (for the activity). */
export async function choiceNames(
  trx: Trx,
  itemId: string,
  optionId: string | null,
): Promise<{ item: string; product: string | null }> {
  const item = await trx
    .selectFrom('cost_items')
    .select('name')
    .where('id', '=', itemId)
    .executeTakeFirst();
  const product =
    optionId === null
      ? undefined
      : await trx
          .selectFrom('options as o')
          .innerJoin('products as p', 'p.id', 'o.product_id')
          .select('p.title')
          .where('o.id', '=', optionId)
          .executeTakeFirst();
  return { item: item?.name ?? '', product: product?.title ?? null };
}

/** The proposal's latest event with its detail, or undefined (a choice joining the one before). */
export function latestEventOf(trx: Trx, proposalId: string) {
  return trx
    .selectFrom('proposal_events')
    .select(['id', 'kind', 'user_id', 'detail', 'created_at'])
    .where('proposal_id', '=', proposalId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function deleteEvent(trx: Trx, eventId: number): Promise<void> {
  await trx.deleteFrom('proposal_events').where('id', '=', eventId).execute();
}

/** The option's position now and as what it was chosen, or undefined when it is gone. */
export function optionStateOf(
  trx: Trx,
  optionId: string,
): Promise<Pick<OptionsTable, 'position' | 'chosen_role'> | undefined> {
  return trx
    .selectFrom('options')
    .select(['position', 'chosen_role'])
    .where('id', '=', optionId)
    .executeTakeFirst();
}

/** The option's position now, or undefined when it is gone. */
export async function positionOf(
  trx: Trx,
  optionId: string,
): Promise<OptionsTable['position'] | undefined> {
  const row = await trx
    .selectFrom('options')
    .select('position')
    .where('id', '=', optionId)
    .executeTakeFirst();
  return row?.position;
}

/** Writes sort_order 0..n-1 in the given order, in one statement. */
export async function setSortOrders(trx: Trx, itemId: string, optionIds: string[]): Promise<void> {
  if (optionIds.length === 0) return;
  // The positions are our own integers, inlined as literals so PostgreSQL types the CASE as one.
  const order = sql<number>`case ${sql.join(
    optionIds.map((id, index) => sql`when id = ${id} then ${sql.lit(index)}`),
    sql` `,
  )} else sort_order end`;
  await trx
    .updateTable('options')
    .set({ sort_order: order })
    .where('cost_item_id', '=', itemId)
    .where('id', 'in', optionIds)
    .execute();
}

/** The product an option shows, or undefined when the option is gone. */
export async function findOptionProductId(
  db: Executor,
  optionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('options')
    .select('product_id')
    .where('id', '=', optionId)
    .executeTakeFirst();
  return row?.product_id;
}

/** The option shows another product, keeping its place. */
export async function setOptionProduct(
  db: Executor,
  optionId: string,
  productId: string,
): Promise<void> {
  await db
    .updateTable('options')
    .set({ product_id: productId })
    .where('id', '=', optionId)
    .execute();
}
