import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          // A few unit files use real parts (the clipper's worker pool, a loopback HTTP server):
          // on a busy two-core machine their first task can take more than vitest's 5 s.
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        test: {
          // The fault tier (docs/operations.md): restarts, kills, full disks, stalled relays.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          // *.postgres.test.ts start and break a PostgreSQL cluster of their own: the PostgreSQL
          // run has them, the SQLite run has nothing to add. *.sqlite.test.ts test what exists on
          // SQLite only (the backup command): the SQLite run has them.
          exclude:
            process.env.TEST_DB === 'postgres'
              ? ['tests/faults/**/*.sqlite.test.ts']
              : ['tests/faults/**/*.postgres.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          // One scenario at a time: each kills, fills or stalls something of its own.
          fileParallelism: false,
        },
      },
      {
        test: {
          // The cluster tier (decision 0030): two app processes on one PostgreSQL database, one
          // S3 bucket and one SMTP relay; its own step of npm test, on PostgreSQL only.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 180000,
          // Each file starts a cluster of processes: one at a time on a machine of two cores.
          fileParallelism: false,
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
