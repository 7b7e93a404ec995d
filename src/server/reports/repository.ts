import type { Insertable } from 'kysely';
import type { Executor } from '../db/helpers';
import type { ErrorReportsTable, FeedbackTable } from '../db/schema';

/** Kysely queries of error reports and feedback; the rules live in service.ts. */

export async function insertErrorReport(
  db: Executor,
  row: Insertable<ErrorReportsTable>,
): Promise<void> {
  await db.insertInto('error_reports').values(row).execute();
}

export async function insertFeedback(db: Executor, row: Insertable<FeedbackTable>): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}

/** Housekeeping: error reports are read while they are news; older ones are only disk space. */
export async function deleteErrorReportsBefore(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('error_reports').where('created_at', '<', before).execute();
}

/** Browser error reports from nobody signed in, kept since `since` (error_reports_created_idx). */
export async function countAnonymousErrorsSince(db: Executor, since: number): Promise<number> {
  const row = await db
    .selectFrom('error_reports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>=', since)
    .where('source', '=', 'client')
    .where('user_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Messages to support from nobody signed in, since `since` (feedback_created_idx). */
export async function countAnonymousFeedbackSince(db: Executor, since: number): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>=', since)
    .where('user_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
