import { type Kysely, sql } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Issue 10, a proposal's lifecycle (decision 0009): archiving by the owner, withdrawn signatures
 * kept for the log, one 'opened' event per recipient, signature files by the signer's kind, and a
 * 'created' event for the proposals made before events were written for creation.
 */
export async function up(db: AnyDb): Promise<void> {
  const time = 'bigint';

  // Hidden from the owner's dashboard only; members keep it. Null: not archived.
  await db.schema.alterTable('proposals').addColumn('archived_at', time).execute();

  // A signature its signer withdrew by editing the signed proposal: moved here from `signatures`
  // (whose unique (proposal, role) lets the party sign again), with when and by whom.
  await db.schema
    .createTable('signature_withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('proposal_id', 'text', (c) =>
      c.notNull().references('proposals.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('contractor', 'homeowner')`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('signed_at', time, (c) => c.notNull())
    .addColumn('last_login_at', time)
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', time, (c) => c.notNull())
    .addColumn('withdrawn_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('signature_withdrawals_proposal_idx')
    .on('signature_withdrawals')
    .columns(['proposal_id', 'withdrawn_at'])
    .execute();

  // The first open per recipient only: two racing reads write one event.
  await sql`create unique index proposal_events_opened_once on proposal_events (proposal_id, user_id) where kind = 'opened'`.execute(
    db,
  );

  // docs/product/signing.md: signature files are of kind CONTRACTOR_SIGNATURE or HOMEOWNER_SIGNATURE. Used ones take
  // the block they were signed in; unused ones their uploader's account role.
  await sql`update files set kind = 'CONTRACTOR_SIGNATURE'
    where kind = 'signature' and id in (select file_id from signatures where role = 'contractor')`.execute(
    db,
  );
  await sql`update files set kind = 'HOMEOWNER_SIGNATURE'
    where kind = 'signature' and id in (select file_id from signatures where role = 'homeowner')`.execute(
    db,
  );
  await sql`update files set kind = case
      when (select role from users where users.id = files.uploaded_by) = 'contractor'
        then 'CONTRACTOR_SIGNATURE'
      else 'HOMEOWNER_SIGNATURE' end
    where kind = 'signature'`.execute(db);

  // Proposals made before creation was an event: their creation, from the row.
  await sql`insert into proposal_events (proposal_id, kind, user_id, detail, created_at)
    select id, 'created', owner_id, '', created_at from proposals p
    where not exists (select 1 from proposal_events e where e.proposal_id = p.id and e.kind = 'created')`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`update files set kind = 'signature' where kind in ('CONTRACTOR_SIGNATURE', 'HOMEOWNER_SIGNATURE')`.execute(
    db,
  );
  await sql`drop index if exists proposal_events_opened_once`.execute(db);
  await db.schema.dropTable('signature_withdrawals').ifExists().execute();
  await db.schema.alterTable('proposals').dropColumn('archived_at').execute();
}
