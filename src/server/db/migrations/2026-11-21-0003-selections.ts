import { type Kysely, sql } from 'kysely';

// Shop page rules the database enforces (at most one Chosen option per item).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Two requests choosing different options of one item at once must not both stand: the second
  // writer meets this index, and the service retries it after demoting the first (docs/product/selections.md cycle).
  // The partial unique index is understood by SQLite and PostgreSQL alike.
  await sql`create unique index options_one_chosen_per_item on options (cost_item_id) where position = 'chosen'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists options_one_chosen_per_item`.execute(db);
}
