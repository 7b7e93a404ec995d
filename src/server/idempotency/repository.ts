import { changedRows, type Executor } from '../db/helpers';

/** The key's row if it was recorded after `since`. */
export function findKeySince(
  db: Executor,
  userId: string,
  key: string,
  since: number,
): Promise<{ fingerprint: string; result: string } | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'result'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
}

/** Deletes this one key if it was recorded at or before `cutoff` (it is free again). */
export async function deleteKeyIfOlder(
  db: Executor,
  userId: string,
  key: string,
  cutoff: number,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '<=', cutoff)
    .execute();
}

export async function insertKey(
  db: Executor,
  row: { user_id: string; key: string; fingerprint: string; result: string; created_at: number },
): Promise<void> {
  await db.insertInto('idempotency_keys').values(row).execute();
}

/** Deletes every key recorded at or before `cutoff`; returns how many. */
export async function deleteKeysRecordedBy(db: Executor, cutoff: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<=', cutoff)
    .executeTakeFirst();
  return changedRows(result);
}
