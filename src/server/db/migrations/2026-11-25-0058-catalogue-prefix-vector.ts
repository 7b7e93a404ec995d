import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The longest prefix kept as a lexeme of its own: a search word up to this long is one lexeme
 * of `search_prefixes`; a longer one is looked up by its first this-many letters, and the
 * `search` vector decides (decision 0058). What this migration wrote never changes.
 */
export const LONGEST_PREFIX = 12;

// The same words as the `search` vector of migration 2026-11-21-0002, column by column.
const words = (column: string) =>
  `to_tsvector('simple'::regconfig, regexp_replace(${column}, '[[:punct:][:space:][:cntrl:]]+', ' ', 'g'))`;

/*
 * Issue 12 (decision 0058), PostgreSQL only: the counterpart of migration 0053's FTS5 prefix
 * entries. `search_prefixes` holds every prefix of 1 to 12 letters of every word of `search`,
 * without positions or weights, and is what the GIN index holds now: a search word becomes one
 * lexeme looked up in the index, where `'gol':*` made GIN merge the lists of every indexed
 * word starting with 'gol'. A generated column, so every insert and update (clips, manual
 * products, edits, bulk copies) keeps it right without triggers. The index keeps the name
 * `products_search_idx`, which housekeeping cleans (search-index-repository.ts). SQLite: nothing
 * to do (migration 0053).
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `create function catalogue_search_prefixes(title text, keywords text, hostname text)
      returns tsvector language sql immutable parallel safe as $$
        select coalesce(array_to_tsvector(array_agg(distinct left(w.lexeme, n))), ''::tsvector)
        from unnest(${words('title')} || ${words('keywords')} || ${words('hostname')}) w,
          generate_series(1, least(${LONGEST_PREFIX}, length(w.lexeme))) n
      $$`,
    )
    .execute(db);
  // Rewrites the table (about 7 s at 100,000 products), before the server serves.
  await sql`alter table products add column search_prefixes tsvector generated always as (
    catalogue_search_prefixes(title, keywords, hostname)
  ) stored`.execute(db);
  await sql`drop index if exists products_search_idx`.execute(db);
  await sql`create index products_search_idx on products using gin (search_prefixes)
    where catalogue = 1`.execute(db);
  // The planner's choice between the index and a scan that stops at the window's end rests on
  // how common each prefix is: counted now rather than at autovacuum's next analyze.
  await sql`analyze products`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists products_search_idx`.execute(db);
  await sql`alter table products drop column if exists search_prefixes`.execute(db);
  await sql`drop function if exists catalogue_search_prefixes(text, text, text)`.execute(db);
  await sql`create index products_search_idx on products using gin (search) where catalogue = 1`.execute(
    db,
  );
}
