import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

/*
 * Decision 0004: every lookup has an index. Each column below is looked up on a request path or
 * by a foreign-key check when a file is deleted (migration 2026-11-30-0080): the database must
 * find its rows through an index, not by reading the whole table.
 */
const LOOKUPS: [table: string, column: string][] = [
  ['users', 'company_logo_file_id'],
  ['proposals', 'personal_photo_file_id'],
  ['proposals', 'company_logo_file_id'],
  ['signatures', 'file_id'],
  ['signature_withdrawals', 'file_id'],
  ['pending_signups', 'company_logo_file_id'],
  ['login_tokens', 'proposal_id'],
];

describe('lookups by file and proposal reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The plan's lines for one lookup; on PostgreSQL with table scans priced out of reach. */
  const planOf = (table: string, column: string) =>
    t.app.ctx.db.transaction().execute(async (trx) => {
      const query = sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${'x'}`;
      if (t.dbLabel === 'postgres') {
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      }
      const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(trx);
      return rows.rows.map((row) => row.detail).join('\n');
    });

  it.each(LOOKUPS)('%s.%s is found through an index', async (table, column) => {
    const plan = await planOf(table, column);
    expect(plan).toMatch(/index/i);
    expect(plan).not.toMatch(/Seq Scan|^SCAN /m);
  });
});
