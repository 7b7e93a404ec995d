import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const TRIGGERS = ['products_fts_insert', 'products_fts_update', 'products_fts_delete'];

/** The UNINDEXED columns this migration adds, each with the products column it copies. */
export const STORED: readonly [column: string, from: string][] = [
  ['currency', 'currency'],
  ['product_id', 'id'],
];

/**
 * The FTS5 table and its triggers; `extra` are the UNINDEXED columns after title, keywords and
 * hostname, each with the products column it copies; `prefix`, FTS5's prefix option (the
 * lengths of prefix kept as index entries of their own, migration 2026-11-25-0053). Both
 * migrations build with it: what it writes for given arguments never changes; a change is a new
 * parameter.
 */
export async function createIndex(
  db: AnyDb,
  extra: readonly [column: string, from: string][],
  prefix?: string,
) {
  const columns = extra.map(([c]) => `, ${c} unindexed`).join('');
  const names = extra.map(([c]) => `, ${c}`).join('');
  const values = (row: string) => extra.map(([, from]) => `, ${row}.${from}`).join('');
  const watched = extra.map(([, from]) => `, ${from}`).join('');
  await sql
    .raw(
      `create virtual table products_fts using fts5(
        title, keywords, hostname${columns},
        tokenize = 'unicode61 remove_diacritics 2'${prefix ? `, prefix = '${prefix}'` : ''}
      )`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_fts_insert after insert on products when new.catalogue = 1
      begin
        insert into products_fts_keys (product_id) values (new.id);
        insert into products_fts (rowid, title, keywords, hostname${names})
        select k.fts_rowid, new.title, new.keywords, new.hostname${values('new')}
        from products_fts_keys k where k.product_id = new.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_fts_update
      after update of id, title, keywords, hostname, catalogue${watched} on products
      when old.catalogue = 1 or new.catalogue = 1
      begin
        delete from products_fts
        where rowid = (select fts_rowid from products_fts_keys where product_id = old.id);
        delete from products_fts_keys where product_id = old.id;
        insert into products_fts_keys (product_id) select new.id where new.catalogue = 1;
        insert into products_fts (rowid, title, keywords, hostname${names})
        select k.fts_rowid, new.title, new.keywords, new.hostname${values('new')}
        from products_fts_keys k where k.product_id = new.id and new.catalogue = 1;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_fts_delete after delete on products when old.catalogue = 1
      begin
        delete from products_fts
        where rowid = (select fts_rowid from products_fts_keys where product_id = old.id);
        delete from products_fts_keys where product_id = old.id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into products_fts (rowid, title, keywords, hostname${names})
      select k.fts_rowid, p.title, p.keywords, p.hostname${values('p')}
      from products_fts_keys k join products p on p.id = k.product_id`,
    )
    .execute(db);
  // One bulk insert leaves many segments, and every search reads each of them until the hourly
  // compaction (decision 0025): merged now, in one go, while the server is not yet serving.
  await sql`insert into products_fts (products_fts) values ('optimize')`.execute(db);
}

export async function dropIndex(db: AnyDb) {
  for (const trigger of TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists products_fts`.execute(db);
}

/*
 * Issue 12 (decision 0025, 2026-11-25): SQLite's catalogue search ranks its window of matches by
 * currency tier, bm25, title and product id. The title is in the FTS5 table already; the product's
 * currency and id are added as UNINDEXED columns (stored, never matched), so the window is ranked
 * inside the FTS5 table and only the page's products are read from `products`. The index is built
 * again from the products it holds. PostgreSQL reads its window from `products` itself: nothing
 * to do there.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await dropIndex(db);
  await createIndex(db, STORED);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await dropIndex(db);
  await createIndex(db, []);
}
