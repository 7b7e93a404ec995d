import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from './test-app';

/**
 * How many statements wait on a row lock, as PostgreSQL sees them: a test holding a lock waits
 * on this to know the request it started has reached it. PostgreSQL only.
 */
export async function lockWaiters(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(t.app.ctx.db);
  return rows[0]?.n ?? 0;
}

/**
 * Holds every thread of libuv's pool on a FIFO that nobody opens for writing yet, so that work
 * queued to the pool meanwhile (an image sharp decodes, a file read) waits, seen queued in
 * sharp.counters(); the returned function lets it all go. Requests that use no pool thread (the
 * database, sockets) go on. The pool's size is fixed when the process starts (UV_THREADPOOL_SIZE,
 * 4 by default).
 */
export function holdThreadPool(): () => Promise<void> {
  const size = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-hold-'));
  const fifos = Array.from({ length: size }, (_, i) => path.join(dir, `thread-${i}`));
  for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
  // Opening a FIFO to read blocks until a writer opens it: each open holds a pool thread.
  const readers = fifos.map((fifo) => fs.promises.open(fifo, 'r'));
  return async () => {
    // On the test's own thread, which the pool does not need: each returns once its reader is in.
    for (const fifo of fifos) fs.closeSync(fs.openSync(fifo, 'w'));
    for (const reader of await Promise.all(readers)) await reader.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
