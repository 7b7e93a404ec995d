import type { CommentsTable } from '../db/schema';
import type { Executor } from '../db/helpers';

/** Kysely queries behind item comments (comments-service.ts). */

export async function insertComment(db: Executor, row: CommentsTable): Promise<void> {
  await db.insertInto('comments').values(row).execute();
}
