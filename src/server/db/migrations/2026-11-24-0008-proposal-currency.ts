import { sql, type Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Issue 19 (decision 0021): a proposal's money is shown in one currency. Every proposal so far was
 * in dollars, so the column's default makes them USD; the check keeps it to the codes the spec
 * knows on both databases.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('proposals')
    .addColumn('currency', 'text', (c) =>
      c
        .notNull()
        .defaultTo('USD')
        .check(sql`currency in ('USD', 'EUR', 'GBP')`),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('proposals').dropColumn('currency').execute();
}
