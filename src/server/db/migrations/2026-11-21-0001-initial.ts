import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  const serial = isPostgres(db) ? 'serial' : 'integer';
  const time = 'bigint';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('contractor', 'homeowner')`))
    .addColumn('reassign', 'text')
    .addColumn('company_logo_file_id', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_login_at', time)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('last_seen_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('redirect', 'text')
    // A proposal this sign-in claims for the user (created while logged out), or opens (sent).
    .addColumn('proposal_id', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema
    .createIndex('login_tokens_user_idx')
    .on('login_tokens')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('login_tokens_expires_idx')
    .on('login_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('auth_email_attempts')
    .addColumn('id', serial, (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_email_attempts_email_idx')
    .on('auth_email_attempts')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_email_attempts_ip_idx')
    .on('auth_email_attempts')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // SHA-256 of the upload secret in a logged-out visitor's cookie: only that browser may use
    // the file in the proposal it creates (the create wizard works logged out).
    .addColumn('upload_token_hash', 'text')
    .addColumn('proposal_id', 'text')
    .addColumn('group_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('files_proposal_idx')
    .on('files')
    .columns(['proposal_id', 'kind', 'position'])
    .execute();
  await db.schema
    .createIndex('files_group_idx')
    .on('files')
    .columns(['group_id', 'position'])
    .execute();
  await db.schema.createIndex('files_uploader_idx').on('files').column('uploaded_by').execute();
  // Housekeeping finds unattached uploads by age.
  await db.schema
    .createIndex('files_unattached_idx')
    .on('files')
    .columns(['proposal_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('proposals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null while a proposal made by a logged-out visitor waits to be claimed (docs/product/sending.md /proposal/signup).
    .addColumn('owner_id', 'text', (c) => c.references('users.id'))
    .addColumn('claim_token_hash', 'text')
    .addColumn('deleted_at', time)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('introductory_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contract', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('show_logo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('personal_photo_file_id', 'text', (c) =>
      c.references('files.id').onDelete('set null'),
    )
    .addColumn('company_logo_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('date', time, (c) => c.notNull())
    .addColumn('show_cover', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_welcome', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_bigpicture', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_plan', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_shoppinglist', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_contract', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .addColumn('edited_at', time)
    .addColumn('signed_by_contractor_at', time)
    .addColumn('signed_by_homeowner_at', time)
    .execute();
  await db.schema
    .createIndex('proposals_owner_idx')
    .on('proposals')
    .columns(['owner_id', 'created_at'])
    .execute();
  // Housekeeping purges soft-deleted proposals after 30 days.
  await db.schema
    .createIndex('proposals_deleted_idx')
    .on('proposals')
    .column('deleted_at')
    .execute();

  await db.schema
    .createTable('proposal_members')
    .addColumn('proposal_id', 'text', (c) =>
      c.notNull().references('proposals.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('homeowner', 'invitee')`))
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('proposal_members_pk', ['proposal_id', 'user_id'])
    .execute();
  // One homeowner per proposal (sending to another address moves the role): a partial unique
  // index, which SQLite and PostgreSQL both understand.
  await sql`create unique index proposal_members_one_homeowner on proposal_members (proposal_id) where role = 'homeowner'`.execute(
    db,
  );
  await db.schema
    .createIndex('proposal_members_user_idx')
    .on('proposal_members')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('cost_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('proposal_id', 'text', (c) =>
      c.notNull().references('proposals.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('cost_groups_proposal_idx')
    .on('cost_groups')
    .columns(['proposal_id', 'position'])
    .execute();

  await db.schema
    .createTable('cost_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) =>
      c.notNull().references('cost_groups.id').onDelete('cascade'),
    )
    .addColumn('proposal_id', 'text', (c) =>
      c.notNull().references('proposals.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cost_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('raw_cost', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cost_type', 'integer', (c) => c.check(sql`cost_type between 1 and 6`))
    .addColumn('selection', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('cost_items_group_idx')
    .on('cost_items')
    .columns(['group_id', 'position'])
    .execute();
  await db.schema
    .createIndex('cost_items_proposal_idx')
    .on('cost_items')
    .column('proposal_id')
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('price_cents', 'bigint')
    .addColumn('currency', 'text')
    .addColumn('hostname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('manual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('catalogue', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('products_catalogue_idx')
    .on('products')
    .columns(['catalogue', 'created_at'])
    .execute();
  await db.schema.createIndex('products_url_idx').on('products').column('url').execute();

  await db.schema
    .createTable('options')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cost_item_id', 'text', (c) =>
      c.notNull().references('cost_items.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('position', 'text', (c) =>
      c
        .notNull()
        .defaultTo('not_selected')
        .check(sql`position in ('not_selected', 'liked', 'chosen')`),
    )
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('options_item_product_uq', ['cost_item_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('options_item_idx')
    .on('options')
    .columns(['cost_item_id', 'sort_order'])
    .execute();
  await db.schema.createIndex('options_product_idx').on('options').column('product_id').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cost_item_id', 'text', (c) =>
      c.notNull().references('cost_items.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_item_idx')
    .on('comments')
    .columns(['cost_item_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('signatures')
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
    // The canonical JSON that was hashed: what was signed, kept so it can be shown and re-checked.
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    // One signature per side: two racing sign requests cannot both land.
    .addUniqueConstraint('signatures_proposal_role_uq', ['proposal_id', 'role'])
    .execute();

  await db.schema
    .createTable('proposal_events')
    .addColumn('id', serial, (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('proposal_id', 'text', (c) =>
      c.notNull().references('proposals.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('proposal_events_proposal_idx')
    .on('proposal_events')
    .columns(['proposal_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', time, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('mail_outbox_created_idx')
    .on('mail_outbox')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('request_id', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('error_reports_created_idx')
    .on('error_reports')
    .column('created_at')
    .execute();

  // Server secrets generated on first use (the print-access cookie key), shared by every instance.
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'feedback',
    'app_secrets',
    'error_reports',
    'mail_outbox',
    'proposal_events',
    'signatures',
    'comments',
    'options',
    'products',
    'cost_items',
    'cost_groups',
    'proposal_members',
    'proposals',
    'files',
    'auth_email_attempts',
    'login_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
