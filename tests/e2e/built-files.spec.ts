import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { clientDir } from '../../src/server/web/client-files';

/*
 * Issue 12: the built client goes out compressed, and loading it does not use up the request
 * limit. Runs against the real build (this tier runs after `npm run build`).
 */

test('a first visit receives every script, style and page of 1 kB or more compressed with Brotli', async ({
  page,
}) => {
  const responses: Promise<{ url: string; bytes: number; encoding: string | undefined }>[] = [];
  page.on('response', (response) => {
    if (!['document', 'script', 'stylesheet'].includes(response.request().resourceType())) return;
    responses.push(
      response.body().then((body) => ({
        url: response.url(),
        bytes: body.length,
        encoding: response.headers()['content-encoding'],
      })),
    );
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  // The landing is prerendered (decision 0027): the app's scripts come once the visitor uses it.
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeVisible();
  const received = await Promise.all(responses);
  // Under 1 kB compression saves about what its headers cost, so such files go out as they are.
  const worthCompressing = received.filter((r) => r.bytes >= 1024);
  expect(worthCompressing.length).toBeGreaterThan(3);
  expect(worthCompressing.filter((r) => r.encoding !== 'br')).toEqual([]);
});

test('built files do not count against the general request limit; API requests do', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-built-files-'));
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, APP_ENV: 'local' }),
    logger: false,
    serveClient: true,
    startMailWorker: false,
    limits: { requestsPerMinute: 5 },
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const script = fs.readdirSync(path.join(clientDir, 'assets')).find((f) => f.endsWith('.js'));
    expect(script).toBeDefined();
    const assetStatuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const reply = await fetch(`${base}/assets/${script}`, {
        headers: { 'accept-encoding': 'br' },
      });
      await reply.arrayBuffer();
      assetStatuses.push(reply.status);
    }
    expect(assetStatuses).toEqual(Array(12).fill(200));

    const apiStatuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await fetch(`${base}/api/authorization/me`);
      await reply.arrayBuffer();
      apiStatuses.push(reply.status);
    }
    expect(apiStatuses).toEqual([200, 200, 200, 200, 200, 429]);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a built script sent with Brotli is the built file, byte for byte', async ({ baseURL }) => {
  const script = fs
    .readdirSync(path.join(clientDir, 'assets'))
    .find((f) => f.endsWith('.js') && fs.existsSync(path.join(clientDir, 'assets', `${f}.br`)));
  expect(script).toBeDefined();
  const body = await new Promise<{ encoding: string | undefined; bytes: Buffer }>(
    (resolve, reject) => {
      http
        .request(`${baseURL}/assets/${script}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject)
        .end();
    },
  );
  expect(body.encoding).toBe('br');
  const original = fs.readFileSync(path.join(clientDir, 'assets', script as string));
  expect(zlib.brotliDecompressSync(body.bytes).equals(original)).toBe(true);
});
