import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/*
 * Catalogue search (SQLite FTS5 / PostgreSQL full-text) and de-duplication of clipped products by
 * URL. Both engines see the same words: PostgreSQL's parser would keep 'shop.example.com' or
 * '12.5' as one token where FTS5's unicode61 splits them, so its text is cut at punctuation and
 * spaces first (a class that never takes letters, whatever the database's locale), and the
 * 'simple' configuration (no stemming, no stop words) matches what unicode61 does. One
 * difference remains: FTS5 also ignores accents ('cafe' finds 'café'), PostgreSQL without the
 * unaccent extension does not.
 */
export async function up(db: AnyDb): Promise<void> {
  // The category of a seed product: searchable ("tile" finds a tile without the word in its title).
  await db.schema
    .alterTable('products')
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // A clipped product joins the catalogue once per canonical URL, whoever clips it.
  await sql`create unique index products_catalogue_url_uq on products (url) where catalogue = 1`.execute(
    db,
  );
  // The catalogue's browse order (no search terms): title, then id.
  await db.schema
    .createIndex('products_catalogue_title_idx')
    .on('products')
    .columns(['catalogue', 'title', 'id'])
    .execute();
  // Who may read a file asks whether a catalogue product shows it; the foreign key's
  // ON DELETE SET NULL looks it up too.
  await db.schema
    .createIndex('products_image_file_idx')
    .on('products')
    .column('image_file_id')
    .execute();

  if (isPostgres(db)) {
    const words = (column: string) =>
      sql.raw(
        `to_tsvector('simple'::regconfig, regexp_replace(${column}, '[[:punct:][:space:][:cntrl:]]+', ' ', 'g'))`,
      );
    await sql`alter table products add column search tsvector generated always as (
      setweight(${words('title')}, 'A') ||
      setweight(${words('keywords')}, 'B') ||
      setweight(${words('hostname')}, 'C')
    ) stored`.execute(db);
    await sql`create index products_search_idx on products using gin (search) where catalogue = 1`.execute(
      db,
    );
    return;
  }

  /*
   * A plain FTS5 table keyed by product id rather than an external-content table on the rowid:
   * products has a text primary key, so its rowid is not stable (VACUUM may renumber it) and an
   * index keyed on it could silently point at the wrong products. Only catalogue products are
   * indexed; products entered for one item are never searched.
   */
  await sql`create virtual table products_fts using fts5(
    product_id unindexed, title, keywords, hostname,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger products_fts_insert after insert on products when new.catalogue = 1
    begin
      insert into products_fts (product_id, title, keywords, hostname)
      values (new.id, new.title, new.keywords, new.hostname);
    end`.execute(db);
  await sql`create trigger products_fts_update after update of id, title, keywords, hostname, catalogue on products
    when old.catalogue = 1 or new.catalogue = 1
    begin
      delete from products_fts where product_id = old.id;
      insert into products_fts (product_id, title, keywords, hostname)
      select new.id, new.title, new.keywords, new.hostname where new.catalogue = 1;
    end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products when old.catalogue = 1
    begin
      delete from products_fts where product_id = old.id;
    end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists products_search_idx`.execute(db);
    await sql`alter table products drop column if exists search`.execute(db);
  } else {
    for (const trigger of ['products_fts_insert', 'products_fts_update', 'products_fts_delete'])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists products_fts`.execute(db);
  }
  await db.schema.dropIndex('products_image_file_idx').ifExists().execute();
  await db.schema.dropIndex('products_catalogue_title_idx').ifExists().execute();
  await db.schema.dropIndex('products_catalogue_url_uq').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('keywords').execute();
}
