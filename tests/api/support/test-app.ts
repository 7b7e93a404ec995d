/**
 * One real, listening app per test file: its own data directory, its own database (a SQLite
 * file, or a fresh PostgreSQL database when TEST_DB=postgres) and its own SMTP mailbox.
 * Nothing is shared between files, so vitest can run them in parallel.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config/config';
import type { Limits } from '../../../src/server/context';
import { createScratchDatabase } from '../../support/scratch-database';
import { startMailbox, type Mailbox } from '../../support/smtp-mailbox';

export { request, cookieJar, type HttpResponse } from './http';

export interface TestAppOptions {
  limits?: Partial<Limits>;
  now?: () => number;
  startMailWorker?: boolean;
  /**
   * Configuration variables as an operator would set them; they win over the test defaults,
   * so `{ SMTP_URL: '' }` turns SMTP off (mail stays in the outbox).
   */
  env?: Record<string, string>;
  /** Keep the app's log lines (JSON, as an operator would see them) for the test to read. */
  captureLogs?: boolean;
  /**
   * A second instance: this app uses the given app's database and data directory (several
   * instances on one database, issue 13) with its own port and mailbox; the first app owns them
   * and removes them when it closes, so close this one first.
   */
  sameDatabaseAs?: TestApp;
}

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  /** APP_URL, the base of e-mailed links; the same address as baseUrl. */
  appUrl: string;
  mailbox: Mailbox;
  dbLabel: 'sqlite' | 'postgres';
  /** The app's own PostgreSQL database, or undefined on SQLite. */
  databaseUrl: string | undefined;
  /** DATA_DIR: the SQLite file and local file storage live here. */
  dataDir: string;
  /** The log lines written so far (empty unless captureLogs). */
  logs(): string[];
  close(): Promise<void>;
}

interface TestDatabase {
  label: 'sqlite' | 'postgres';
  url: string | undefined;
  drop(): Promise<void>;
}

/** TEST_DB picks the engine; the whole api tier runs once per engine (see scripts/test). */
async function createDatabase(): Promise<TestDatabase> {
  const kind = process.env.TEST_DB ?? 'sqlite';
  if (kind === 'sqlite') return { label: 'sqlite', url: undefined, drop: async () => {} };
  if (kind !== 'postgres') throw new Error(`TEST_DB must be sqlite or postgres, not "${kind}"`);
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres needs TEST_PG_URL, an admin URL such as postgres://postgres@127.0.0.1:5432/postgres ' +
        '(npm test starts a throwaway cluster and sets it for you)',
    );
  }
  const scratch = await createScratchDatabase(adminUrl);
  return { label: 'postgres', ...scratch };
}

/**
 * APP_URL goes into e-mailed links, so the port must be known before the config is built.
 * We ask the OS for a free port and listen on it right after; another process taking it in
 * that instant is possible but rare, and startTestApp retries on EADDRINUSE.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function listenOnFreePort(
  build: (appUrl: string) => Promise<FastifyInstance>,
): Promise<{ app: FastifyInstance; baseUrl: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const app = await build(baseUrl);
    try {
      await app.listen({ port, host: '127.0.0.1' });
      return { app, baseUrl };
    } catch (err) {
      await app.close();
      const inUse = (err as { code?: unknown }).code === 'EADDRINUSE';
      if (!inUse || attempt >= 3) throw err;
    }
  }
}

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const logLines: string[] = [];
  const mailbox = await startMailbox();
  const first = opts.sameDatabaseAs;
  const dataDir = first?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-api-'));
  const database: TestDatabase = first
    ? { label: first.dbLabel, url: first.databaseUrl, drop: async () => {} }
    : await createDatabase();
  const cleanup = async () => {
    await mailbox.close();
    await database.drop();
    if (!first) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { app, baseUrl } = await listenOnFreePort((appUrl) => {
      // Only these variables: a DATABASE_URL in the caller's shell must not leak into a test.
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url ?? '',
        SMTP_URL: mailbox.url,
        APP_URL: appUrl,
        ...opts.env,
      });
      return buildApp({
        config,
        logger: opts.captureLogs
          ? { stream: { write: (line: string) => void logLines.push(line) } }
          : false,
        limits: opts.limits,
        now: opts.now,
        serveClient: false,
        startMailWorker: opts.startMailWorker,
      });
    });
    return {
      app,
      baseUrl,
      appUrl: baseUrl,
      mailbox,
      dbLabel: database.label,
      databaseUrl: database.url,
      dataDir,
      logs: () => [...logLines],
      close: async () => {
        await app.close();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
