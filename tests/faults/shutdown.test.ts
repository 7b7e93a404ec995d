import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoUploadReplySchema } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from '../api/support/test-app';
import { signedInUser, type TestUser } from '../api/support/users';
import { png } from '../api/support/uploads';
import { startAppInstance, type AppInstance } from '../support/app-instance';

/*
 * Issue 13, section 2: SIGTERM during a slow upload. A real app process (as `npm start` runs it) gets the
 * signal while a client is half way through an upload: new connections are refused at once, the
 * upload finishes and is answered 2xx, a /readyz sent on that connection while the server drains
 * answers 503 "draining", and the process exits 0 (decision 0028).
 */

function startInstance(t: TestApp): Promise<AppInstance> {
  return startAppInstance({
    env: {
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.databaseUrl ?? '',
      APP_URL: t.appUrl,
      SMTP_URL: '',
      SHUTDOWN_GRACE_MS: '60000',
    },
  });
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function multipart(bytes: Buffer, boundary: string): Buffer {
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(
      field('used', 'companyLogo') +
        field('originalName', 'logo.png') +
        `--${boundary}\r\nContent-Disposition: form-data; name="companyLogo"; filename="logo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe('SIGTERM while a client uploads', () => {
  let t: TestApp;
  let owner: TestUser;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'shutdown@example.com');
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t.close();
  });

  it('refuses new connections, finishes the upload with 2xx, answers /readyz 503 while draining, and exits 0', async () => {
    const instance = await startInstance(t);
    child = instance.child;
    const port = instance.port;
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const body = multipart(await png(400, 300), 'shutdown-test-boundary');
    const half = Math.floor(body.length / 2);

    // One connection: the upload's head and half its body, then (after the signal) the rest and
    // a /readyz behind it on the same connection, as a load balancer's probe would arrive.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /api/proposal/photo-upload HTTP/1.1\r\n' +
        `Host: 127.0.0.1:${port}\r\n` +
        `Cookie: ${owner.cookie}\r\n` +
        'Content-Type: multipart/form-data; boundary=shutdown-test-boundary\r\n' +
        `Content-Length: ${body.length}\r\n` +
        // The server's "100 Continue" shows the request is in its hands before the signal.
        'Expect: 100-continue\r\n\r\n',
    );
    await vi.waitFor(() => expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n/), {
      timeout: 10_000,
    });
    socket.write(body.subarray(0, half));

    child.kill('SIGTERM');
    await vi.waitFor(async () => expect(await refused(port)).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });

    socket.write(body.subarray(half));
    socket.write(`GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await closed;

    const answers = [...received.matchAll(/HTTP\/1\.1 (\d{3}) [^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/g)]
      .map((m) => ({ status: Number(m[1]), at: m.index + m[0].length, headers: m[2]! }))
      .filter((a) => a.status !== 100);
    expect(answers.map((a) => a.status)).toEqual([200, 503]);
    const uploadBody = received.slice(answers[0]!.at, received.indexOf('HTTP/1.1', answers[0]!.at));
    const ref = photoUploadReplySchema.parse(JSON.parse(uploadBody));
    expect(ref).toMatchObject({ field: 'companyLogo', originalName: 'logo.png' });
    expect(JSON.parse(received.slice(answers[1]!.at))).toEqual({ status: 'draining', checks: {} });
    expect(await exited).toBe(0);

    // The upload is stored: the app on the same database and files serves it.
    const file = await fetch(`${t.baseUrl}${ref.url}`, { headers: { cookie: owner.cookie } });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }, 120_000);
});

/** The outbox row of the newest mail to `to`, read straight from the database (the app is closed). */
async function mailStatus(t: TestApp, to: string): Promise<string | undefined> {
  const query = 'SELECT status FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC';
  if (t.databaseUrl) {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ status: string }>(query, [to])).rows[0]?.status;
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(t.dataDir, 'plansmith.sqlite'), { readonly: true });
  try {
    const row = db.prepare(query.replace('$1', '?')).get(to) as { status: string } | undefined;
    return row?.status;
  } finally {
    db.close();
  }
}

describe('shutting down while the outbox worker sends', () => {
  it('finishes the message it is sending before the database closes', async () => {
    const t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    try {
      const email = 'held@example.com';
      await signedInUser(t, email);
      // The relay takes the next message and holds its answer: the worker is mid-send.
      t.mailbox.setHolding(true);
      const since = Date.now();
      const res = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
        json: { email },
      });
      expect(res.status).toBe(200);
      await vi.waitFor(() => expect(t.mailbox.held()).toEqual([email]), { timeout: 10_000 });

      // What SIGTERM runs once the requests are done.
      const closing = t.app.close();
      t.mailbox.setHolding(false);
      await closing;
      expect((await t.mailbox.waitFor(email, { since })).to).toContain(email);
      expect(await mailStatus(t, email)).toBe('sent');
    } finally {
      await t.close();
    }
  }, 60_000);
});
