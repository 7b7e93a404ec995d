/**
 * Runs the API tier, or some of it, on a throwaway PostgreSQL cluster (postgres.ts), then removes
 * the cluster: `node --import tsx scripts/test/with-postgres.ts tests/api/auth.test.ts -t "403"`.
 * The arguments go to `vitest run`, with `--project api` unless they name a project
 * (`--project faults …`). With DATABASE_URL set, that server is used.
 */
import { spawnSync } from 'node:child_process';
import { startCluster } from './postgres';

const args = process.argv.slice(2);
const project = args.includes('--project') ? [] : ['--project', 'api'];
const cluster = process.env.DATABASE_URL ? undefined : await startCluster();
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', ...project, ...args],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DB: 'postgres',
      TEST_PG_URL: cluster?.url ?? process.env.DATABASE_URL,
    },
  },
);
await cluster?.stop();
process.exit(result.status ?? 1);
