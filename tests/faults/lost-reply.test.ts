import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION, proposalSchema } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from '../api/support/test-app';
import {
  asInput,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from '../api/support/users';
import { startAppInstance, type AppInstance } from '../support/app-instance';

/*
 * Issue 18, point 5: a save that committed but whose answer was lost because the process died
 * between the commit and the reply. A real app process serves the save behind a proxy that
 * kill -9s it the moment its answer starts to arrive (the commit is done; the client never hears
 * of it). The client sends the same request with the same Idempotency-Key to another instance on
 * the same database and gets the first result, with one change stored (decision 0015).
 */

const limits = { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 };

/** An app process on the test app's database and data directory. */
async function startDoomedInstance(t: TestApp): Promise<AppInstance> {
  return startAppInstance({
    env: { DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl ?? '', APP_URL: t.appUrl },
  });
}

/**
 * A proxy that forwards one request to the app and kill -9s the app as soon as the first byte of
 * its answer comes back, then drops the client's connection: the answer is lost with the process.
 */
async function startKillingProxy(
  appPort: number,
  child: ChildProcess,
): Promise<{ url: string; killed: Promise<NodeJS.Signals | null>; close: () => void }> {
  const killed = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  const server = net.createServer((client) => {
    const upstream = net.connect(appPort, '127.0.0.1');
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.once('data', () => {
      child.kill('SIGKILL');
      upstream.destroy();
      client.resetAndDestroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, killed, close: () => server.close() };
}

describe('kill -9 between a save’s commit and its reply', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits });
    owner = await signedInUser(t, 'lost-reply@example.com');
  });
  afterAll(() => t.close());

  const load = async (id: string) =>
    proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie })).body,
    );

  /** Sends the request through a proxy that kills the app when its answer starts. */
  async function sendAndLoseTheAnswer(
    method: 'POST' | 'PUT',
    path: string,
    json: unknown,
    key: string,
  ) {
    const { child, port } = await startDoomedInstance(t);
    const proxy = await startKillingProxy(port, child);
    try {
      await expect(
        request(proxy.url, method, path, {
          json,
          cookie: owner.cookie,
          headers: { 'idempotency-key': key },
        }),
      ).rejects.toThrow();
      expect(await proxy.killed).toBe('SIGKILL');
    } finally {
      child.kill('SIGKILL');
      proxy.close();
    }
  }

  it('a retried update with the same key answers the saved proposal, with one new version', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Before' }));
    const before = await load(id);
    const change = { ...asInput(before), projectName: 'Saved, answer lost' };
    const key = randomUUID();

    await sendAndLoseTheAnswer('PUT', `/api/proposal/${id}`, change, key);
    // The save committed although nobody heard of it.
    expect(await load(id)).toMatchObject({
      version: before.version + 1,
      projectName: 'Saved, answer lost',
    });

    const retry = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: change,
      cookie: owner.cookie,
      headers: { 'idempotency-key': key },
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({
      id,
      version: before.version + 1,
      projectName: 'Saved, answer lost',
    });
    expect((await load(id)).version).toBe(before.version + 1);

    // Without the key the same body is a stale change like any other: the 409 stays.
    const stale = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: change,
      cookie: owner.cookie,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: STALE_VERSION });
  }, 120_000);

  it('a retried create with the same key answers the same id and makes one proposal', async () => {
    const projectName = `Created, answer lost ${randomUUID()}`;
    const input = proposalInput({ projectName });
    const key = randomUUID();
    await sendAndLoseTheAnswer('POST', '/api/proposal', input, key);

    const retry = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: input,
      cookie: owner.cookie,
      headers: { 'idempotency-key': key },
    });
    expect(retry.status).toBe(201);
    const made = await t.app.ctx.db
      .selectFrom('proposals')
      .select('id')
      .where('owner_id', '=', owner.id)
      .where('project_name', '=', projectName)
      .execute();
    expect(made.map((row) => row.id)).toEqual([String(retry.body)]);
  }, 120_000);
});
