import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/config';
import type { Db } from '../src/server/db/database';
import { hashSecret, newSecret } from '../src/server/auth/tokens';
import { startCluster } from '../scripts/test/postgres';

/**
 * Runs `body` against a fresh app in a throwaway data directory, then cleans up. On SQLite, or
 * with `postgres` on a throwaway PostgreSQL cluster started for it (as the api tests do). A
 * browser that writes (signs in) must use `appUrl`, and the app must listen there.
 */
export async function withBenchApp<T>(
  body: (app: FastifyInstance) => Promise<T>,
  {
    serveClient = false,
    postgres = false,
    appUrl,
  }: { serveClient?: boolean; postgres?: boolean; appUrl?: string } = {},
): Promise<T> {
  const cluster = postgres ? await startCluster() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-bench-'));
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      APP_ENV: 'local',
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      // Where a browser's writes must come from (the same-origin check): the address it uses.
      ...(appUrl ? { APP_URL: appUrl } : {}),
    }),
    logger: false,
    startMailWorker: false,
    serveClient,
    limits: { requestsPerMinute: 1_000_000 },
  });
  try {
    return await body(app);
  } finally {
    await app.close();
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Milliseconds for `requests` GETs of `url`, `concurrency` at a time. */
export async function timeRequests(
  url: string,
  {
    requests,
    concurrency,
    headers = {},
  }: { requests: number; concurrency: number; headers?: Record<string, string> },
): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) await (await fetch(url, { headers })).arrayBuffer();
    }),
  );
  return performance.now() - start;
}

export const perSecond = (requests: number, ms: number) => (requests / (ms / 1000)).toFixed(0);

/** A contractor with a live session, straight in the database; returns the Cookie header. */
export function benchContractor(
  app: FastifyInstance | { ctx: { db: Db } },
  id = 'bench-owner',
): Promise<string> {
  return benchUser(app, id, 'contractor');
}

/** A user with a live session, straight in the database; returns the Cookie header. */
export async function benchUser(
  app: FastifyInstance | { ctx: { db: Db } },
  id: string,
  role: 'contractor' | 'homeowner',
): Promise<string> {
  const { db } = app.ctx;
  const now = Date.now();
  const secret = newSecret();
  await db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      name: role === 'contractor' ? 'Bench Owner' : 'Bench Homeowner',
      phone_number: '',
      company_name: role === 'contractor' ? 'Bench Builds' : '',
      role,
      reassign: null,
      company_logo_file_id: null,
      created_at: now,
      last_login_at: null,
    })
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSecret(secret),
      user_id: id,
      created_at: now,
      expires_at: now + 86_400_000,
      last_seen_at: now,
    })
    .execute();
  return `plansmith_session=${secret}`;
}
