import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, registerCompression } from './compression';

/** Replies around the threshold, counted in bytes whatever their characters. */
const replies: Record<string, () => unknown> = {
  '/short-ascii': () => 'a'.repeat(COMPRESS_THRESHOLD - 1),
  '/ascii-at-threshold': () => 'a'.repeat(COMPRESS_THRESHOLD),
  // 342 characters of 3 bytes each: 1,026 bytes, so compressed although under 1,024 characters.
  '/wide-over-threshold': () => '€'.repeat(342),
  // 170 emoji: 340 UTF-16 units, 680 bytes.
  '/emoji-under-threshold': () => '😀'.repeat(170),
  '/short-buffer': () => Buffer.alloc(COMPRESS_THRESHOLD - 1, 'b'),
  '/buffer-at-threshold': () => Buffer.alloc(COMPRESS_THRESHOLD, 'b'),
  '/stream': () => Readable.from([Buffer.from('s'.repeat(10))]),
};

async function app() {
  const server = Fastify();
  await registerCompression(server);
  for (const [path, body] of Object.entries(replies))
    server.get(path, (_request, reply) => reply.type('text/plain').send(body()));
  return server;
}

describe('compression of replies of 1 kB or more', () => {
  it('compresses by byte length, and leaves shorter replies as they are', async () => {
    const server = await app();
    const encodingOf = async (url: string) => {
      const res = await server.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      const body =
        res.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(res.rawPayload)
          : res.rawPayload;
      const expected = replies[url]!();
      if (typeof expected === 'string' || Buffer.isBuffer(expected))
        expect(body.equals(Buffer.from(expected))).toBe(true);
      return res.headers['content-encoding'];
    };
    expect(await encodingOf('/short-ascii')).toBeUndefined();
    expect(await encodingOf('/ascii-at-threshold')).toBe('br');
    expect(await encodingOf('/wide-over-threshold')).toBe('br');
    expect(await encodingOf('/emoji-under-threshold')).toBeUndefined();
    expect(await encodingOf('/short-buffer')).toBeUndefined();
    expect(await encodingOf('/buffer-at-threshold')).toBe('br');
    // A stream's length is not known: compressed, as before.
    expect(await encodingOf('/stream')).toBe('br');
    await server.close();
  });

  it('sends a short reply with the headers the plugin gave it', async () => {
    const server = await app();
    const res = await server.inject({
      url: '/short-ascii',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(COMPRESS_THRESHOLD - 1));
    await server.close();
  });
});
