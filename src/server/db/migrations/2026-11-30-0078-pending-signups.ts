import { type Kysely, sql } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0078: a sign-up is kept with its e-mailed link until the link is opened; the account
 * is made then, by the person who proved the address. One row per link: two sign-ups for one
 * address each carry their own details, and the first opened makes the account. Opened, the row
 * becomes a used sign-in link of that account in login_tokens (the claim of a proposal reads
 * it there); unopened, it goes an hour after it expired.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('pending_signups')
    // SHA-256 of the e-mailed token, as login_tokens keeps it.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('contractor', 'homeowner')`))
    .addColumn('company_logo_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('redirect', 'text')
    // A proposal created logged out that this sign-up claims.
    .addColumn('proposal_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_signups_expires_idx')
    .on('pending_signups')
    .column('expires_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('pending_signups').execute();
}
