import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21-0001-initial';

/** Migrations are listed in code (not read from disk) so they work the same under tsx, in tests and in a bundle. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
