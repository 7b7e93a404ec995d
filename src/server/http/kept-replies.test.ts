import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkedOf, deflatePart, gzipOfParts } from './gzip-parts';
import { KeptReplies, joinedWhenRead, type BuiltReply } from './kept-replies';

/*
 * A reply built in parts (the proposal's, decision 0043) is sent as gzip from its parts without
 * its JSON ever put together (decision 0050); a client that needs the JSON still gets it.
 */
function builtInParts(pieces: Buffer[]): { built: BuiltReply; joins: () => number } {
  let joins = 0;
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const built: BuiltReply = {
    body: {
      length,
      get json() {
        joins += 1;
        return Buffer.concat(pieces);
      },
    },
    etag: '"parts"',
    gzip: () => gzipOfParts(checkedOf(Buffer.concat(pieces)), pieces.map(deflatePart)),
  };
  return { built, joins: () => joins };
}

async function appSending(built: BuiltReply) {
  const kept = new KeptReplies(1024 * 1024);
  const app = Fastify();
  app.get('/reply', (request, reply) =>
    kept.send(request, reply, 'key', () => Promise.resolve(built)),
  );
  await app.ready();
  return app;
}

describe('a reply kept in parts', () => {
  const pieces = [Buffer.from('{"plan":['), Buffer.from('"x",'.repeat(2000)), Buffer.from('1]}')];
  const json = Buffer.concat(pieces);

  it('goes as gzip to a browser without its JSON put together, once read, for Brotli', async () => {
    const { built, joins } = builtInParts(pieces);
    const app = await appSending(built);
    const read = () =>
      app.inject({ url: '/reply', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const first = await read();
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload)).toEqual(json);
    expect(joins()).toBe(0);
    // Read a second time, the version gets Brotli made off the request's path (decision 0043).
    const second = await read();
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(joins()).toBe(1);
    await app.close();
  });

  it('goes as its JSON to a client that takes no compression', async () => {
    const { built, joins } = builtInParts(pieces);
    const app = await appSending(built);
    const res = await app.inject({ url: '/reply', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toEqual(json);
    expect(joins()).toBe(1);
    await app.close();
  });
});

describe('a body joined when read', () => {
  it('knows its length at once and joins its pieces once, into bytes of its own', () => {
    const pieces = [Buffer.from('{"a":'), Buffer.from('1}')];
    const body = joinedWhenRead(pieces);
    expect(body.length).toBe(7);
    const json = body.json;
    expect(json.toString()).toBe('{"a":1}');
    pieces[0]!.write('X');
    expect(body.json).toBe(json);
    expect(body.json.toString()).toBe('{"a":1}');
  });
});
