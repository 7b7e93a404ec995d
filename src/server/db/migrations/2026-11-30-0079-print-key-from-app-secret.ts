import { sql, type Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * The print cookie's HMAC key is derived from APP_SECRET now (signing/print-access.ts), which is
 * never in the database: a copy of the database must not forge a cookie that reads proposals
 * through the live app. The key kept here goes. The table stays for one release (expand, then
 * contract): an instance of the version before, still running or restarting during a rolling
 * start, reads and writes it at start and would fail to start without it; a later migration
 * drops it. Cookies signed with the old key lasted ten minutes, so none is carried over.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`delete from app_secrets where name = 'print_cookie_hmac'`.execute(db);
}

export async function down(): Promise<void> {
  // The old version makes its key again at its first start.
}
