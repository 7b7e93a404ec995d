import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { CLIP_MESSAGES, ClipError, fetchPage, guardedLookup } from './fetch-page';

let server: http.Server;
let base: string;
let port: number;
const timers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<html><head><title>Brushed brass faucet</title></head></html>');
        return;
      case '/redirect': {
        const n = Number(url.searchParams.get('n') ?? '0');
        res.writeHead(302, { location: n > 0 ? `/redirect?n=${n - 1}` : '/page' });
        res.end();
        return;
      }
      case '/to':
        res.writeHead(301, { location: url.searchParams.get('target') ?? '/' });
        res.end();
        return;
      case '/big': {
        // Streams 4 KB chunks without a content-length.
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(4096, 'a');
        for (let i = 0; i < 64; i++) res.write(chunk);
        res.end();
        return;
      }
      case '/big-declared':
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10_000_000) });
        res.write('partial');
        return; // never finishes; the declared length alone is refused
      case '/slow': {
        const t = setTimeout(() => {
          timers.delete(t);
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<p>late</p>');
        }, 5_000);
        timers.add(t);
        return;
      }
      case '/slow-body': {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>start');
        const t = setTimeout(() => {
          timers.delete(t);
          res.end('</p>');
        }, 5_000);
        timers.add(t);
        return;
      }
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const t of timers) clearTimeout(t);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const allow = { allowHosts: ['127.0.0.1'] };

async function refusal(promise: Promise<unknown>): Promise<ClipError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClipError);
  expect(err).toBeInstanceOf(HttpError);
  expect((err as ClipError).statusCode).toBe(422);
  return err as ClipError;
}

describe('fetchPage', () => {
  it('fetches a page on an allow-listed host', async () => {
    const page = await fetchPage(`${base}/page`, allow);
    expect(page.status).toBe(200);
    expect(page.contentType).toContain('text/html');
    expect(page.body.toString()).toContain('Brushed brass faucet');
    expect(page.finalUrl).toBe(`${base}/page`);
  });

  it('returns non-2xx answers to the caller', async () => {
    const page = await fetchPage(`${base}/missing`, allow);
    expect(page.status).toBe(404);
  });

  it('refuses loopback when the host is not allow-listed', async () => {
    const err = await refusal(fetchPage(`${base}/page`, { allowHosts: [] }));
    // The random port is refused before the address is even considered.
    expect(err.message).toBe(CLIP_MESSAGES.port);
    const err2 = await refusal(fetchPage('http://127.0.0.1/page', { allowHosts: [] }));
    expect(err2.message).toBe(CLIP_MESSAGES.forbidden);
  });

  it.each([
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://10.0.0.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'https://192.168.1.1/',
    'http://localhost/',
  ])('refuses %s before connecting', async (url) => {
    const err = await refusal(fetchPage(url, { allowHosts: [] }));
    expect(err.message).toBe(CLIP_MESSAGES.forbidden);
  });

  it('checks the resolved address at connect time (a public-looking name resolving to loopback)', async () => {
    const resolve = ((_host: string, _opts: unknown, cb: (...a: unknown[]) => void) => {
      cb(null, [{ address: '127.0.0.1', family: 4 }]);
    }) as unknown as NonNullable<Parameters<typeof fetchPage>[1]['resolve']>;
    const err = await refusal(fetchPage('http://shop.example/', { allowHosts: [], resolve }));
    expect(err.message).toBe(CLIP_MESSAGES.forbidden);
    // Allow-listed by name: the same address is then reachable (port exempt too).
    const page = await fetchPage(`http://shop.example:${port}/page`, {
      allowHosts: ['shop.example'],
      resolve,
    });
    expect(page.status).toBe(200);
  });

  it('refuses when any resolved address is private (a host resolving to 10.0.0.1)', async () => {
    const resolve = ((_host: string, _opts: unknown, cb: (...a: unknown[]) => void) => {
      cb(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ]);
    }) as unknown as NonNullable<Parameters<typeof fetchPage>[1]['resolve']>;
    const err = await refusal(fetchPage('http://rebind.example/', { allowHosts: [], resolve }));
    expect(err.message).toBe(CLIP_MESSAGES.forbidden);
  });

  it('follows up to 5 redirects and reports the final URL', async () => {
    const page = await fetchPage(`${base}/redirect?n=4`, allow);
    expect(page.status).toBe(200);
    expect(page.finalUrl).toBe(`${base}/page`);
  });

  it('refuses more than 5 redirects', async () => {
    const err = await refusal(fetchPage(`${base}/redirect?n=5`, allow));
    expect(err.message).toBe(CLIP_MESSAGES.redirects);
  });

  it('honours a lower maxRedirects', async () => {
    const err = await refusal(fetchPage(`${base}/redirect?n=1`, { ...allow, maxRedirects: 1 }));
    expect(err.message).toBe(CLIP_MESSAGES.redirects);
  });

  it.each([
    'http://10.0.0.1/',
    'http://167772161/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://localhost/',
    'http://[::1]/',
  ])('refuses a redirect from an allowed host to %s at that hop', async (target) => {
    const err = await refusal(fetchPage(`${base}/to?target=${encodeURIComponent(target)}`, allow));
    expect(err.message).toBe(CLIP_MESSAGES.badRedirect);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const err = await refusal(
      fetchPage(`${base}/to?target=${encodeURIComponent('file:///etc/passwd')}`, allow),
    );
    expect(err.message).toBe(CLIP_MESSAGES.scheme);
  });

  it('refuses a body over maxBytes while streaming', async () => {
    const err = await refusal(fetchPage(`${base}/big`, { ...allow, maxBytes: 100_000 }));
    expect(err.message).toBe(CLIP_MESSAGES.tooLarge);
    const ok = await fetchPage(`${base}/big`, { ...allow, maxBytes: 300_000 });
    expect(ok.body.length).toBe(64 * 4096);
  });

  it('stops reading when stopWhen says so, with the bytes read by then (decision 0034)', async () => {
    // /slow-body holds the rest of its body back for 5 s: only stopping answers sooner.
    const page = await fetchPage(`${base}/slow-body`, {
      ...allow,
      stopWhen: () => Promise.resolve(true),
    });
    expect(page.body.toString()).toBe('<p>start');
    expect(page.complete).toBe(false);
  });

  it('reads the whole page when stopWhen says no, or never answers', async () => {
    const no = await fetchPage(`${base}/big`, { ...allow, stopWhen: () => Promise.resolve(false) });
    expect(no.body.length).toBe(64 * 4096);
    expect(no.complete).toBe(true);
    let asked = 0;
    const silent = await fetchPage(`${base}/big`, {
      ...allow,
      stopWhen: () => (asked++ === 0 ? new Promise<boolean>(() => undefined) : undefined),
    });
    expect(silent.body.length).toBe(64 * 4096);
    expect(silent.complete).toBe(true);
  });

  it('refuses a declared content-length over maxBytes', async () => {
    const err = await refusal(fetchPage(`${base}/big-declared`, allow));
    expect(err.message).toBe(CLIP_MESSAGES.tooLarge);
  });

  it('refuses a slow server by timeout (headers)', async () => {
    const err = await refusal(fetchPage(`${base}/slow`, { ...allow, timeoutMs: 300 }));
    expect(err.message).toBe(CLIP_MESSAGES.timeout);
  });

  it('refuses a slow server by timeout (body)', async () => {
    const err = await refusal(fetchPage(`${base}/slow-body`, { ...allow, timeoutMs: 300 }));
    expect(err.message).toBe(CLIP_MESSAGES.timeout);
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,x',
    'gopher://x/',
  ])('refuses the non-http scheme %s', async (url) => {
    const err = await refusal(fetchPage(url, { allowHosts: [] }));
    expect(err.message).toBe(CLIP_MESSAGES.scheme);
  });

  it('refuses an invalid URL', async () => {
    const err = await refusal(fetchPage('not a url', { allowHosts: [] }));
    expect(err.message).toBe(CLIP_MESSAGES.invalid);
  });

  it.each(['http://example.com:8080/', 'https://example.com:22/', 'http://example.com:6379/'])(
    'refuses the non-standard port in %s',
    async (url) => {
      const err = await refusal(fetchPage(url, { allowHosts: [] }));
      expect(err.message).toBe(CLIP_MESSAGES.port);
    },
  );

  it('refuses credentials in the URL', async () => {
    await refusal(fetchPage('http://user:pass@example.com/', { allowHosts: [] }));
  });

  it('reports an unreachable allow-listed host as 422, not 5xx', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await refusal(fetchPage(`http://127.0.0.1:${closedPort}/`, allow));
    expect(err.message).toBe(CLIP_MESSAGES.unreachable);
  });
});

describe('guardedLookup', () => {
  function run(
    allowHosts: string[],
    addresses: { address: string; family: number }[],
    all = true,
  ): Promise<{ err: Error | null; result: unknown }> {
    const resolve = ((_h: string, _o: unknown, cb: (...a: unknown[]) => void) => {
      cb(null, addresses);
    }) as unknown as NonNullable<Parameters<typeof guardedLookup>[1]>;
    const lookup = guardedLookup(allowHosts, resolve);
    return new Promise((done) => {
      lookup('shop.example', { all }, (err, result) => done({ err, result }));
    });
  }

  it('passes public addresses through in both calling styles', async () => {
    const addrs = [{ address: '93.184.216.34', family: 4 }];
    expect(await run([], addrs, true)).toEqual({ err: null, result: addrs });
    expect((await run([], addrs, false)).result).toBe('93.184.216.34');
  });

  it('refuses forbidden addresses including IPv4-mapped IPv6', async () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:10.0.0.1',
      '169.254.169.254',
      'fd00:ec2::254',
    ]) {
      const { err } = await run([], [{ address, family: address.includes(':') ? 6 : 4 }]);
      expect(err?.message).toBe(CLIP_MESSAGES.forbidden);
    }
  });

  it('lets allow-listed hosts resolve to loopback', async () => {
    const { err } = await run(['shop.example'], [{ address: '127.0.0.1', family: 4 }]);
    expect(err).toBeNull();
  });
});
