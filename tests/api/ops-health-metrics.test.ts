import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * Issue 13, section 2: the probes an operator's load balancer calls (GET /healthz, GET /readyz) and the
 * Prometheus metrics (GET /metrics), guarded by a token or served on a port of their own
 * (decision 0028).
 */

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('/healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ limits: { requestsPerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('answer 200 when the process, the database, its migrations and storage are fine', async () => {
    const health = await request(t.baseUrl, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await request(t.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
    // The storage probe leaves nothing behind.
    expect(fs.readdirSync(path.join(t.dataDir, 'files'))).toEqual([]);
  });

  it('/readyz answers 200 to many probes at once, and they leave nothing behind', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => request(t.baseUrl, 'GET', '/readyz')),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(fs.readdirSync(path.join(t.dataDir, 'files'))).toEqual([]);
  });

  it('are outside the rate limit that holds for everything else', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await request(t.baseUrl, 'GET', '/healthz')).status).toBe(200);
      expect((await request(t.baseUrl, 'GET', '/readyz')).status).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await request(t.baseUrl, 'GET', '/api/config/public')).status);
    expect(statuses).toContain(429);
  });

  it('/readyz answers 503 naming storage when storage takes no write', async () => {
    const files = path.join(t.dataDir, 'files');
    fs.rmSync(files, { recursive: true });
    fs.writeFileSync(files, 'a file where the directory should be');
    try {
      const res = await request(t.baseUrl, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'ok', storage: 'not writable' },
      });
      expect((await request(t.baseUrl, 'GET', '/healthz')).status).toBe(200);
    } finally {
      fs.rmSync(files);
      fs.mkdirSync(files);
    }
    expect((await request(t.baseUrl, 'GET', '/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 naming the migrations when the database is behind the code', async () => {
    const last = await t.app.ctx.db
      .selectFrom('kysely_migration' as never)
      .select(['name' as never, 'timestamp' as never])
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const { name } = last as { name: string };
    await t.app.ctx.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
    try {
      const res = await request(t.baseUrl, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: '1 migration(s) not applied', storage: 'ok' },
      });
    } finally {
      await t.app.ctx.db
        .insertInto('kysely_migration' as never)
        .values(last)
        .execute();
    }
    expect((await request(t.baseUrl, 'GET', '/readyz')).status).toBe(200);
  });
});

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

describe('/metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({
      env: { METRICS_TOKEN: TOKEN },
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
    owner = await signedInUser(t, 'metrics@example.com');
  });
  afterAll(() => t.close());

  const scrape = (token?: string) =>
    request<string>(t.baseUrl, 'GET', '/metrics', {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('asks for the token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('not-the-token-0123456789')).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(200);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const id = await createProposal(t, owner, proposalInput());
    for (let i = 0; i < 3; i++) {
      const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
      expect(res.status).toBe(200);
    }
    const res = await scrape(TOKEN);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /^plansmith_http_requests_total\{method="GET",route="\/api\/proposal\/:id",status="200"\} 3$/m,
    );
    expect(text).toMatch(
      /^plansmith_http_request_duration_seconds_count\{method="GET",route="\/api\/proposal\/:id",status="200"\} 3$/m,
    );
    expect(text).not.toContain(id);
    // The outbox (the sign-up link went out), clips, and on PostgreSQL the pool.
    expect(text).toMatch(/^plansmith_outbox_messages\{status="pending"\} \d+$/m);
    expect(text).toMatch(/^plansmith_outbox_messages\{status="failed"\} 0$/m);
    expect(text).toMatch(/^plansmith_outbox_sent_total \d+$/m);
    expect(text).toMatch(/^plansmith_clip_fetches_total 0$/m);
    if (t.dbLabel === 'postgres')
      expect(text).toMatch(/^plansmith_db_pool_connections\{state="total"\} [1-9]\d*$/m);
  });
});

describe('/metrics settings', () => {
  it('is not served at all when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const t = await startTestApp();
    try {
      expect((await request(t.baseUrl, 'GET', '/metrics')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('with METRICS_PORT, is served there and not on the public port', async () => {
    const port = await freePort();
    const t = await startTestApp({ env: { METRICS_PORT: String(port) } });
    try {
      expect((await request(t.baseUrl, 'GET', '/metrics')).status).toBe(404);
      const res = await request<string>(`http://127.0.0.1:${port}`, 'GET', '/metrics');
      expect(res.status).toBe(200);
      expect(res.body).toContain('# TYPE plansmith_http_requests_total counter');
    } finally {
      await t.close();
    }
  });
});
