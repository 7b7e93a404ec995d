import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsAnswers } from './clip-task';
import { CLIP_MESSAGES, ClipError } from './fetch-page';
import { NOT_AN_IMAGE, PRODUCT_IMAGE_MAX_BYTES } from './image-fetch';
import { type PageParser, createPageParser } from './page-parser';

/*
 * A product photo is fetched in the parse pool's worker, behind the clipper's guard (decision
 * 0052): the shop's name resolves to a local server through fixed answers, as in
 * retailer-pages.test.ts, and every other rule runs as in production.
 */

/** A photo bigger than the pool's byte buffers, so its memory moves back whole. */
const PHOTO = Buffer.alloc(64 * 1024, 0xab);
/** A photo small enough to share a pooled buffer in the worker. */
const THUMB = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

let shop: http.Server;
let bystander: http.Server;
let bystanderHits = 0;
let port: number;
let parser: PageParser;

const dnsAnswers: DnsAnswers = {
  'photos.shop.example': [{ address: '127.0.0.1', family: 4 }],
  'intranet-shop.example': [{ address: '10.0.0.1', family: 4 }],
  'loopback-shop.example': [{ address: '127.0.0.1', family: 4 }],
};

beforeAll(async () => {
  shop = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const reply = (type: string, body: Buffer, length = body.length) => {
      res.writeHead(200, { 'content-type': type, 'content-length': length });
      res.end(body);
    };
    if (url.pathname === '/photo.jpg') return reply('image/jpeg', PHOTO);
    if (url.pathname === '/thumb.jpg') return reply('image/jpeg', THUMB);
    if (url.pathname === '/huge.jpg') {
      res.writeHead(200, {
        'content-type': 'image/jpeg',
        'content-length': PRODUCT_IMAGE_MAX_BYTES + 1,
      });
      res.end();
      return;
    }
    if (url.pathname === '/streamed.jpg') {
      // No length declared: the limit must hold on the bytes as they come.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.on('error', () => {});
      const chunk = Buffer.alloc(64 * 1024, 0xab);
      let sent = 0;
      const more = (): void => {
        while (sent <= PRODUCT_IMAGE_MAX_BYTES && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', more);
            return;
          }
        }
        res.end();
      };
      more();
      return;
    }
    if (url.pathname === '/to') {
      res.writeHead(302, { location: url.searchParams.get('target') ?? '/' });
      res.end();
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Gone</h1>');
  });
  await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
  port = (shop.address() as AddressInfo).port;
  bystander = http.createServer((_req, res) => {
    bystanderHits += 1;
    res.end('internal admin');
  });
  await new Promise<void>((done) => bystander.listen(0, '127.0.0.1', done));
  parser = createPageParser();
});

afterAll(async () => {
  await parser.close();
  shop.closeAllConnections();
  bystander.closeAllConnections();
  await Promise.all(
    [shop, bystander].map((s) => new Promise<void>((done) => s.close(() => done()))),
  );
});

const at = (path: string) => `http://photos.shop.example:${port}${path}`;
const fetchImage = (url: string) =>
  parser.fetchImage({ url, allowHosts: [`photos.shop.example:${port}`], dnsAnswers });

async function refusal(url: string): Promise<string> {
  const err = await fetchImage(url).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClipError);
  expect((err as ClipError).statusCode).toBe(422);
  return (err as ClipError).message;
}

describe('a product photo fetched in the worker', () => {
  it('answers its bytes and the address they came from, large or small', async () => {
    const photo = await fetchImage(at('/photo.jpg'));
    expect(Buffer.from(photo.body)).toEqual(PHOTO);
    expect(photo.finalUrl).toBe(at('/photo.jpg'));
    const thumb = await fetchImage(at(`/to?target=${encodeURIComponent('/thumb.jpg')}`));
    expect(Buffer.from(thumb.body)).toEqual(THUMB);
    expect(thumb.finalUrl).toBe(at('/thumb.jpg'));
  });

  it('refuses a host name that resolves to a private address', async () => {
    expect(await refusal('http://intranet-shop.example/photo.jpg')).toBe(CLIP_MESSAGES.forbidden);
  });

  it('refuses a redirect to loopback, never reaching it', async () => {
    const bystanderPort = (bystander.address() as AddressInfo).port;
    const to = (target: string) => at(`/to?target=${encodeURIComponent(target)}`);
    expect(await refusal(to(`http://127.0.0.1:${bystanderPort}/`))).toBe(CLIP_MESSAGES.port);
    expect(await refusal(to('http://127.0.0.1/photo.jpg'))).toBe(CLIP_MESSAGES.badRedirect);
    expect(await refusal(to('http://loopback-shop.example/photo.jpg'))).toBe(
      CLIP_MESSAGES.forbidden,
    );
    expect(bystanderHits).toBe(0);
  });

  it('refuses a photo over 5 MB, declared or streamed, and an error answer', async () => {
    expect(await refusal(at('/huge.jpg'))).toBe(CLIP_MESSAGES.tooLarge);
    expect(await refusal(at('/streamed.jpg'))).toBe(CLIP_MESSAGES.tooLarge);
    expect(await refusal(at('/gone.jpg'))).toBe(NOT_AN_IMAGE);
  });
});
