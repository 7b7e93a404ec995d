import type { CompiledQuery, Insertable, Updateable } from 'kysely';
import { type Dialect, directRead } from '../db/database';
import type { ProductsTable, ProposalRow } from '../db/schema';
import type { ProductRow } from './dto';
import { PRODUCT_COLUMNS } from './product-columns';
import { changedOneRow, type Executor, type Trx } from '../db/helpers';

export function findProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The product with its row locked until the transaction ends (PostgreSQL), so two edits of one
 * product run one after the other. SQLite runs one transaction at a time: a plain read there.
 */
export function lockProduct(
  trx: Trx,
  dialect: Dialect,
  id: string,
): Promise<ProductRow | undefined> {
  let query = trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A stand-in compiled into the kept URL look-up, replaced by the URL asked for. */
const URL_SLOT = '\u0000url';
const compiledUrlLookups = new WeakMap<Executor, CompiledQuery<ProductRow>>();

/**
 * The catalogue product stored under this (normalised) URL, through its unique index. Asked once
 * or twice by every clip: compiled once per database, as the session lookup (decision 0041).
 */
export async function findCatalogueProductByUrl(
  db: Executor,
  url: string,
): Promise<ProductRow | undefined> {
  let compiled = compiledUrlLookups.get(db);
  if (!compiled) {
    compiled = db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where('url', '=', URL_SLOT)
      .where('catalogue', '=', 1)
      .compile();
    compiledUrlLookups.set(db, compiled);
  }
  const parameters = compiled.parameters.map((p) => (p === URL_SLOT ? url : p));
  // Outside a transaction, a statement prepared once (decision 0042), as the session lookup.
  const [row] = (
    await (directRead<ProductRow>(db, compiled.sql, parameters) ??
      db.executeQuery<ProductRow>({ ...compiled, parameters }))
  ).rows;
  return row;
}

/** Inserts a catalogue product; undefined when another one already holds its URL. */
export function insertCatalogueProduct(
  db: Executor,
  values: Insertable<ProductsTable> & { catalogue: 1 },
): Promise<ProductRow | undefined> {
  return db
    .insertInto('products')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirst();
}

/** The proposal a cost item belongs to. */
export function findItemProposalId(db: Executor, itemId: string): Promise<string | undefined> {
  return db
    .selectFrom('cost_items')
    .select('proposal_id')
    .where('id', '=', itemId)
    .executeTakeFirst()
    .then((row) => row?.proposal_id);
}

/**
 * An uploaded product photo the caller may use for a product: uploaded by them, not yet shown
 * by any product, and not attached to another proposal.
 */
export function findUsableProductImage(
  db: Executor,
  fileId: string,
  userId: string,
  proposalId: string | null,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('files as f')
    .select('f.id')
    .where('f.id', '=', fileId)
    .where('f.kind', '=', 'product_image')
    .where('f.uploaded_by', '=', userId)
    .where((eb) =>
      proposalId === null
        ? eb('f.proposal_id', 'is', null)
        : eb.or([eb('f.proposal_id', 'is', null), eb('f.proposal_id', '=', proposalId)]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('products as p').select('p.id').whereRef('p.image_file_id', '=', 'f.id'),
        ),
      ),
    )
    .executeTakeFirst();
}

export type ProposalFacts = Pick<
  ProposalRow,
  'id' | 'owner_id' | 'deleted_at' | 'is_public' | 'signed_by_homeowner_at'
> & { member_role: 'homeowner' | 'invitee' | null };

/** The proposals whose items show this product, with the caller's membership, in one query. */
export function proposalsShowingProduct(
  db: Executor,
  productId: string,
  userId: string,
): Promise<ProposalFacts[]> {
  return db
    .selectFrom('options as o')
    .innerJoin('cost_items as ci', 'ci.id', 'o.cost_item_id')
    .innerJoin('proposals as p', 'p.id', 'ci.proposal_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'p.id').on('pm.user_id', '=', userId),
    )
    .select([
      'p.id',
      'p.owner_id',
      'p.deleted_at',
      'p.is_public',
      'p.signed_by_homeowner_at',
      'pm.role as member_role',
    ])
    .where('o.product_id', '=', productId)
    .distinct()
    .execute();
}

/** The proposal a stored file belongs to, if any. */
export async function findFileProposalId(
  db: Executor,
  fileId: string | null,
): Promise<string | null> {
  if (!fileId) return null;
  const row = await db
    .selectFrom('files')
    .select('proposal_id')
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row?.proposal_id ?? null;
}

/**
 * Gives the caller's photo to a proposal, so every member can read it through that proposal,
 * and answers whether it did. It checks again what findUsableProductImage checked before the
 * transaction, in the update itself: a save racing with this one for the same upload (for another
 * proposal, or for another product) leaves nothing to update here.
 */
export async function attachImageToProposal(
  trx: Trx,
  image: { fileId: string; userId: string; proposalId: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('files')
    .set({ proposal_id: image.proposalId })
    .where('id', '=', image.fileId)
    .where('kind', '=', 'product_image')
    .where('uploaded_by', '=', image.userId)
    .where((eb) => eb.or([eb('proposal_id', 'is', null), eb('proposal_id', '=', image.proposalId)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('products')
            .select('products.id')
            .whereRef('products.image_file_id', '=', 'files.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return changedOneRow(result);
}

/** Removes a file row (the bytes are removed by the caller after the commit); its storage key. */
export async function deleteFileRow(db: Executor, fileId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('files')
    .where('id', '=', fileId)
    .returning('storage_key')
    .executeTakeFirst();
  return row?.storage_key;
}

/** A product entered by hand (private to the proposals that show it), as stored. */
export function insertManualProduct(
  db: Executor,
  values: Insertable<ProductsTable> & { manual: 1; catalogue: 0 },
): Promise<ProductRow> {
  return db
    .insertInto('products')
    .values(values)
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Changes a product's columns; returns it as stored. */
export function updateProduct(
  db: Executor,
  id: string,
  changes: Updateable<ProductsTable>,
): Promise<ProductRow> {
  return db
    .updateTable('products')
    .set(changes)
    .where('id', '=', id)
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Which of these product ids exist already. */
export async function existingProductIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

/** Inserts catalogue products; a row whose id or URL is taken already is skipped. */
export async function insertCatalogueProductsIfAbsent(
  db: Executor,
  rows: (Insertable<ProductsTable> & { catalogue: 1 })[],
): Promise<void> {
  await db
    .insertInto('products')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
