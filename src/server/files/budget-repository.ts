import { sql, type ExpressionBuilder } from 'kysely';
import type { Dialect } from '../db/database';
import type { Executor } from '../db/helpers';
import type { DatabaseSchema } from '../db/schema';
import { usedByNothing } from '../proposals/housekeeping-repository';

/**
 * Whose kept uploads a sum counts (decision 0088): one account's files used by nothing yet, one
 * client address's logged-out uploads used or not, or everyone's of both kinds.
 */
export type BudgetScope = { userId: string } | { client: string } | 'everyone';

type FilesEb = ExpressionBuilder<DatabaseSchema, 'files'>;

const unused = (eb: FilesEb) => eb.and([eb('files.proposal_id', 'is', null), usedByNothing(eb)]);

function counted(scope: BudgetScope, since: number) {
  return (eb: FilesEb) => {
    const recent = eb('files.created_at', '>', since);
    if (scope === 'everyone')
      return eb.and([recent, eb.or([eb('files.upload_client', 'is not', null), unused(eb)])]);
    if ('userId' in scope)
      return eb.and([recent, eb('files.uploaded_by', '=', scope.userId), unused(eb)]);
    return eb.and([recent, eb('files.upload_client', '=', scope.client)]);
  };
}

/** The bytes a scope holds, of files uploaded after `since`. */
export async function keptBytes(db: Executor, scope: BudgetScope, since: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('files.size'), eb.lit(0)).as('bytes'))
    .where(counted(scope, since))
    .executeTakeFirst();
  // PostgreSQL sums integers as a bigint, which its driver hands over as a string.
  return Number(row?.bytes ?? 0);
}

/** A scope's files of after `since`, oldest first: when each stops counting. */
export function keptFilesByAge(
  db: Executor,
  scope: BudgetScope,
  since: number,
  limit: number,
): Promise<{ size: number; created_at: number }[]> {
  return db
    .selectFrom('files')
    .select(['files.size', 'files.created_at'])
    .where(counted(scope, since))
    .orderBy('files.created_at')
    .limit(limit)
    .execute();
}

// The first number of the budget's advisory locks, keeping them apart from any other.
const BUDGET_LOCK_CLASS = 880;

/**
 * Makes the transaction the only one checking this key's budget until it ends. SQLite needs
 * nothing: its transactions begin IMMEDIATE, so writers already take turns.
 */
export async function lockBudgetKey(db: Executor, dialect: Dialect, key: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${sql.lit(BUDGET_LOCK_CLASS)}, hashtext(${key}))`.execute(
    db,
  );
}
