import type { Executor } from '../db/helpers';

/**
 * The value of a named secret, made once for all instances on one database: the first insert
 * wins, every later one keeps it and reads it back.
 */
export async function findOrCreateAppSecret(
  db: Executor,
  name: string,
  value: string,
  now: number,
): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
