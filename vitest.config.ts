import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // *.postgres.test.ts start and break a PostgreSQL cluster of their own: the PostgreSQL
          // tier runs them, the SQLite tier has nothing to add.
          exclude: process.env.TEST_DB === 'postgres' ? [] : ['tests/api/**/*.postgres.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        test: {
          // The schema-driven fuzz tier (decision 0017): its own step of npm test, never in api.
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
