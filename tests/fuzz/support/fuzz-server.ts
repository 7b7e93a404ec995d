/**
 * Starts what the fuzz tier talks to: a real SMTP mailbox in this process and the app as a
 * child process (tests/fuzz/support/server.ts) on a free port of 127.0.0.1, with its own
 * DATA_DIR and SQLite database. Requests go out through one undici client, path and query sent
 * exactly as written (fetch would normalise `..` and `%2e%2e` away).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';
import { startMailbox, type Mailbox } from '../../support/smtp-mailbox';
import type { Body } from './requests';
import type { Reply } from './openapi';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface FuzzServer {
  baseUrl: string;
  dataDir: string;
  mailbox: Mailbox;
  logFile: string;
  /** Sends one request; answers the reply, or throws when the server cannot be reached. */
  send(
    method: string,
    url: string,
    opts?: { cookie?: string; headers?: Record<string, string>; body?: Body },
  ): Promise<Reply & { setCookie: string[] }>;
  /** The process still runs and answers a plain request. */
  alive(): Promise<boolean>;
  exitCode(): number | null;
  close(): Promise<void>;
}

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

async function encode(
  body: Body | undefined,
): Promise<{ payload?: Buffer | string; contentType?: string }> {
  if (!body) return {};
  if (body.kind === 'json')
    return { payload: JSON.stringify(body.value) ?? 'null', contentType: 'application/json' };
  if (body.kind === 'raw') return { payload: body.text, contentType: body.contentType };
  const form = new FormData();
  for (const [k, v] of Object.entries(body.fields)) form.append(k, v);
  for (const [k, bytes] of Object.entries(body.files))
    form.append(k, new Blob([Uint8Array.from(bytes)]), `${k}.png`);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? undefined,
  };
}

export async function startFuzzServer(): Promise<FuzzServer> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-fuzz-'));
  const dataDir = path.join(work, 'data');
  const mailbox = await startMailbox();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const logFile = path.join(root, '.tmp', 'fuzz-server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fuzz/support/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      // SQLite always: a DATABASE_URL in the shell must not receive fuzz data.
      DATABASE_URL: '',
    },
    stdio: ['ignore', log, log],
  });
  let code: number | null = null;
  let exited = false;
  child.once('exit', (c, signal) => {
    exited = true;
    code = c ?? (signal ? 128 : null);
  });
  const client = new Client(baseUrl, {
    keepAliveTimeout: 10_000,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });

  const send: FuzzServer['send'] = async (method, url, opts = {}) => {
    const { payload, contentType } = await encode(opts.body);
    const headers: Record<string, string> = { accept: 'application/json, */*', ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (contentType) headers['content-type'] = contentType;
    const res = await client.request({
      method: method,
      path: url,
      headers,
      body: payload,
    });
    const text = await res.body.text();
    const ct = res.headers['content-type'];
    const sc = res.headers['set-cookie'];
    return {
      status: res.statusCode,
      contentType: Array.isArray(ct) ? (ct[0] ?? '') : (ct ?? ''),
      text,
      setCookie: Array.isArray(sc) ? sc : sc ? [sc] : [],
    };
  };

  const alive = async () => {
    if (exited) return false;
    try {
      const res = await fetch(`${baseUrl}/api/authorization/me`, {
        signal: AbortSignal.timeout(10_000),
      });
      await res.text();
      return res.status === 200;
    } catch {
      return false;
    }
  };

  const close = async () => {
    await client.close().catch(() => undefined);
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    await mailbox.close();
    fs.rmSync(work, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (!(await alive())) {
    if (exited || Date.now() > deadline) {
      await close();
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
      throw new Error(
        `The fuzz server ${exited ? 'exited' : 'did not answer within 60 s'}. Its log:\n${tail}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, dataDir, mailbox, logFile, send, alive, exitCode: () => code, close };
}
