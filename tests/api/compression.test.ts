import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSED_BODY } from '../../src/server/http/errors';
import { request, startTestApp, type TestApp } from './support/test-app';
import { asInput, createProposal, proposalInput, signedInUser } from './support/users';
import type { Proposal } from '../../src/shared/schemas/proposal';

/*
 * Issue 12, "compressed JSON replies": what a browser receives, read with node:http because it,
 * unlike fetch, hands over the bytes as they came.
 */

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function raw(
  baseUrl: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseUrl), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compressed replies', () => {
  let t: TestApp;
  let plain: RawReply;
  beforeAll(async () => {
    t = await startTestApp();
    plain = await raw(t.baseUrl, '/api/openapi.json');
  });
  afterAll(() => t.close());

  it('sends a large JSON reply as it is to a client that accepts no encoding', () => {
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    expect(JSON.parse(plain.body.toString('utf8'))).toHaveProperty('openapi');
  });

  it('sends it with Brotli when the client accepts it, the same JSON in fewer bytes', async () => {
    const reply = await raw(t.baseUrl, '/api/openapi.json', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.body.length).toBeLessThan(plain.body.length / 4);
    expect(zlib.brotliDecompressSync(reply.body).equals(plain.body)).toBe(true);
  });

  it('compresses a small dynamic reply, a page of products, with Brotli at quality 3', async () => {
    const path = '/api/products?limit=8&page=1&searchTerms=';
    const uncompressed = await raw(t.baseUrl, path);
    expect(uncompressed.body.length).toBeGreaterThan(1024);
    const reply = await raw(t.baseUrl, path, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(reply.headers['content-encoding']).toBe('br');
    // Quality 3 takes half quality 4's time for such a reply, a few bytes more (decision 0054).
    const quality3 = zlib.brotliCompressSync(uncompressed.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 },
    });
    expect(reply.body.equals(quality3)).toBe(true);
  });

  it('falls back to gzip for a client without Brotli', async () => {
    const reply = await raw(t.baseUrl, '/api/openapi.json', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(reply.body).equals(plain.body)).toBe(true);
  });

  it('leaves a reply under 1 kB as it is: compressing it would save nothing', async () => {
    const reply = await raw(t.baseUrl, '/api/authorization/me', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeLessThan(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body: a small zip cannot grow past the limits', async () => {
    const reply = await raw(t.baseUrl, '/api/authorization/signin', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        origin: t.baseUrl,
      },
      body: zlib.gzipSync(JSON.stringify({ email: 'someone@example.com' })),
    });
    expect(reply.status).toBe(415);
    expect(JSON.parse(reply.body.toString('utf8'))).toMatchObject({ message: COMPRESSED_BODY });
  });
});

describe('large replies by content: ETag, 304 and compressed once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers a request naming the current ETag with 304 and no body', async () => {
    const first = await raw(t.baseUrl, '/api/openapi.json', {
      headers: { 'accept-encoding': 'br' },
    });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const again = await raw(t.baseUrl, '/api/openapi.json', {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const repeat = await raw(t.baseUrl, '/api/openapi.json', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(repeat.body.equals(first.body)).toBe(true);
  });

  it('gives a proposal a new ETag when it changes, so an old copy is never taken for the new one', async () => {
    const owner = await signedInUser(t, 'etag-owner@example.com');
    const id = await createProposal(
      t,
      owner,
      proposalInput({ contract: 'Every term spelled out at length. '.repeat(800) }),
    );
    const headers = { cookie: owner.cookie, 'accept-encoding': 'br' };
    const before = await raw(t.baseUrl, `/api/proposal/${id}`, { headers });
    expect(before.status).toBe(200);
    expect(before.headers['content-encoding']).toBe('br');
    const proposal = JSON.parse(
      zlib.brotliDecompressSync(before.body).toString('utf8'),
    ) as Proposal;

    const saved = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: { ...asInput(proposal), projectName: 'Kitchen and pantry' },
      cookie: owner.cookie,
    });
    expect(saved.status).toBe(200);

    const after = await raw(t.baseUrl, `/api/proposal/${id}`, {
      headers: { ...headers, 'if-none-match': before.headers.etag as string },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const read = JSON.parse(zlib.brotliDecompressSync(after.body).toString('utf8')) as Proposal;
    expect(read.projectName).toBe('Kitchen and pantry');
  });
});
