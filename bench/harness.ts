import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/config';

export interface BenchResult {
  name: string;
  lines: string[];
}

/** Runs `body` against a fresh app on SQLite in a throwaway data directory, then cleans up. */
export async function withBenchApp(
  body: (app: FastifyInstance) => Promise<BenchResult>,
): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-bench-'));
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, APP_ENV: 'local' }),
    logger: false,
    startMailWorker: false,
    limits: { requestsPerMinute: 1_000_000 },
  });
  try {
    return await body(app);
  } finally {
    await app.close();
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
