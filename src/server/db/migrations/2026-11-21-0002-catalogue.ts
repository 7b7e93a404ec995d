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
  // ON DELETE SET NULL looks it up too. Unique: a picture is one product's (two saves racing
  // with the same upload must not both keep it; the second fails instead).
  await sql`create unique index products_image_file_uq on products (image_file_id)
    where image_file_id is not null`.execute(db);

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
   * FTS5 rows are found by their rowid, so each catalogue product gets a stable integer key in
   * products_fts_keys. products' own rowid cannot serve: its primary key is text, so VACUUM may
   * renumber it and the index would silently point at the wrong products. Keying by rowid lets
   * the triggers delete a product's row directly instead of scanning the FTS table for it. Only
   * catalogue products are indexed; products entered for one item are never searched.
   */
  await sql`create table products_fts_keys (
    fts_rowid integer primary key,
    product_id text not null unique
  )`.execute(db);
  await sql`create virtual table products_fts using fts5(
    title, keywords, hostname,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger products_fts_insert after insert on products when new.catalogue = 1
    begin
      insert into products_fts_keys (product_id) values (new.id);
      insert into products_fts (rowid, title, keywords, hostname)
      select k.fts_rowid, new.title, new.keywords, new.hostname
      from products_fts_keys k where k.product_id = new.id;
    end`.execute(db);
  await sql`create trigger products_fts_update after update of id, title, keywords, hostname, catalogue on products
    when old.catalogue = 1 or new.catalogue = 1
    begin
      delete from products_fts
      where rowid = (select fts_rowid from products_fts_keys where product_id = old.id);
      delete from products_fts_keys where product_id = old.id;
      insert into products_fts_keys (product_id) select new.id where new.catalogue = 1;
      insert into products_fts (rowid, title, keywords, hostname)
      select k.fts_rowid, new.title, new.keywords, new.hostname
      from products_fts_keys k where k.product_id = new.id and new.catalogue = 1;
    end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products when old.catalogue = 1
    begin
      delete from products_fts
      where rowid = (select fts_rowid from products_fts_keys where product_id = old.id);
      delete from products_fts_keys where product_id = old.id;
    end`.execute(db);
  // Products already in the catalogue (a database migrated down and up again) are indexed too.
  await sql`insert into products_fts_keys (product_id)
    select id from products where catalogue = 1 order by id`.execute(db);
  await sql`insert into products_fts (rowid, title, keywords, hostname)
    select k.fts_rowid, p.title, p.keywords, p.hostname
    from products_fts_keys k join products p on p.id = k.product_id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists products_search_idx`.execute(db);
    await sql`alter table products drop column if exists search`.execute(db);
  } else {
    for (const trigger of ['products_fts_insert', 'products_fts_update', 'products_fts_delete'])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists products_fts`.execute(db);
    await sql`drop table if exists products_fts_keys`.execute(db);
  }
  await db.schema.dropIndex('products_image_file_uq').ifExists().execute();
  await db.schema.dropIndex('products_catalogue_title_idx').ifExists().execute();
  await db.schema.dropIndex('products_catalogue_url_uq').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('keywords').execute();
}
