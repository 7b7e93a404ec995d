import type { Kysely } from 'kysely';

// Catalogue search (SQLite FTS5 / PostgreSQL full-text) and de-duplication of clipped products by URL.
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
