import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';

/*
 * Issue 13, section 2: the log is JSON lines, and every line a request causes carries its request id,
 * those of the mailer (queued now, sent by the worker later) and of the clipper included
 * (decision 0028). LOG_LEVEL sets how much is written.
 */

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  mailId?: string;
}

const parse = (t: TestApp): Line[] => t.logs().map((line) => JSON.parse(line) as Line);

describe('log lines of a request', () => {
  let t: TestApp;
  let shop: http.Server;
  let shopUrl: string;
  let casey: TestUser;

  beforeAll(async () => {
    shop = http.createServer((req, res) => {
      if (req.url === '/p/chair') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<!doctype html><html><head><title>Oak Chair</title>' +
              '<meta property="product:price:amount" content="120"></head><body></body></html>',
          );
      } else if (req.url?.startsWith('/p/stool')) {
        // A page and its picture whose addresses carry a token; the picture cannot be fetched,
        // and the price keeps the product worth adding without it (decision 0083).
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<!doctype html><html><head><title>Oak Stool</title>' +
              '<meta property="og:image" content="/img/stool.jpg?token=secret-image-token">' +
              '<meta property="product:price:amount" content="80">' +
              '</head><body></body></html>',
          );
      } else res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const { port } = shop.address() as AddressInfo;
    shopUrl = `http://127.0.0.1:${port}`;
    t = await startTestApp({
      captureLogs: true,
      env: { CLIP_ALLOW_HOSTS: `127.0.0.1:${port}` },
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
    casey = await signedInUser(t, 'logs@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => shop?.close(resolve));
  });

  it('the mailer’s lines, the worker’s sending included, carry the id of the request that queued the mail', async () => {
    const since = Date.now();
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: casey.email },
    });
    expect(res.status).toBe(200);
    const reqId = res.headers.get('x-request-id')!;
    await t.mailbox.waitFor(casey.email, { since });

    await vi.waitFor(
      () =>
        expect(
          parse(t)
            .filter((l) => l.reqId === reqId)
            .map((l) => l.msg),
        ).toEqual(
          expect.arrayContaining([
            'incoming request',
            'mail queued',
            'request completed',
            'mail sent',
          ]),
        ),
      { timeout: 15_000 },
    );
    const queued = parse(t).find((l) => l.reqId === reqId && l.msg === 'mail queued')!;
    // Every line about that message is the request's.
    const aboutMail = parse(t).filter((l) => l.mailId === queued.mailId);
    expect(aboutMail.map((l) => l.reqId)).toEqual(aboutMail.map(() => reqId));
  });

  it('the clipper’s lines carry the id of the request, and other requests’ lines do not mix in', async () => {
    const [first, second] = await Promise.all([
      request(t.baseUrl, 'POST', '/api/products/', {
        json: { url: `${shopUrl}/p/chair` },
        cookie: casey.cookie,
      }),
      request(t.baseUrl, 'POST', '/api/products/', {
        json: { url: `${shopUrl}/p/missing` },
        cookie: casey.cookie,
      }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(422);
    const linesOf = (res: typeof first) =>
      parse(t)
        .filter((l) => l.reqId === res.headers.get('x-request-id'))
        .map((l) => l.msg);
    expect(linesOf(first)).toEqual([
      'incoming request',
      'product page clipped',
      'request completed',
    ]);
    expect(linesOf(second)).toEqual(['incoming request', 'clip failed', 'request completed']);
    // No clipper line was written without a request id.
    expect(parse(t).filter((l) => /clip/.test(l.msg) && !l.reqId)).toEqual([]);
  });

  it('the clipper logs the hosts of a page and its picture, never their addresses', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/products/', {
      json: { url: `${shopUrl}/p/stool?token=secret-page-token` },
      cookie: casey.cookie,
    });
    expect(res.status).toBe(200);
    const lines = t.logs().filter((line) => line.includes(res.headers.get('x-request-id')!));
    expect(lines.map((line) => (JSON.parse(line) as Line).msg)).toContain(
      'clipped product kept without its image',
    );
    expect(lines.filter((line) => /secret-(page|image)-token/.test(line))).toEqual([]);
  });
});

describe('LOG_LEVEL', () => {
  it('warn leaves out the info lines of each request', async () => {
    const t = await startTestApp({ captureLogs: true, env: { LOG_LEVEL: 'warn' } });
    try {
      expect((await request(t.baseUrl, 'GET', '/api/config/public')).status).toBe(200);
      expect((await request(t.baseUrl, 'GET', '/healthz')).status).toBe(200);
      expect(parse(t).filter((l) => l.level < 40)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
