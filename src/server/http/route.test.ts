import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, errorReplies } from '../../shared/api/endpoint';
import { registerErrorHandling } from './errors';
import { meReplySchema } from '../../shared/schemas/auth';
import { route } from './route';

const thing = defineEndpoint({
  operationId: 'saveThing',
  method: 'PUT',
  path: '/api/things/:id',
  summary: 'A test endpoint.',
  access: 'anonymous',
  params: z.object({ id: z.uuid() }),
  query: z.object({ n: z.coerce.number('n must be a number.').default(1) }),
  body: z.object({ name: z.string().max(3, 'The name is too long.') }),
  reply: z.object({ id: z.string(), name: z.string(), n: z.number() }),
  errors: errorReplies(400, 404),
});
const ID = '4b0e4a53-6a36-4a44-8c43-5a1e0c0f1a11';

async function app() {
  const server = Fastify();
  registerErrorHandling(server, async () => {});
  await server.register(
    async (plugin) => {
      route(plugin, thing, async (request) => ({
        ...request.params,
        ...request.body,
        n: request.query.n,
        secret: 'a column the schema does not name',
      }));
    },
    { prefix: '/api/things' },
  );
  const base = await server.listen({ port: 0, host: '127.0.0.1' });
  const send = async (url: string, body?: unknown) => {
    const res = await fetch(base + url, {
      method: 'PUT',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  return { send, close: () => server.close() };
}

describe('route(app, endpoint, handler)', () => {
  it('hands the handler parsed input and sends only what the reply schema names', async () => {
    const server = await app();
    const res = await server.send(`/api/things/${ID}?n=2`, { name: 'abc', extra: true });
    await server.close();
    expect(res).toEqual({ status: 200, body: { id: ID, name: 'abc', n: 2 } });
  });

  it('answers bad input with the readable 400 and a malformed id with the one 404', async () => {
    const server = await app();
    const long = await server.send(`/api/things/${ID}`, { name: 'abcd' });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: 'The name is too long.' });
    const query = await server.send(`/api/things/${ID}?n=x`, { name: 'a' });
    expect(query.body).toMatchObject({ statusCode: 400, message: 'n must be a number.' });
    const missing = await server.send(`/api/things/${ID}`);
    expect(missing.body).toMatchObject({
      statusCode: 400,
      message: 'name: Invalid input: expected string, received undefined',
    });
    const bad = await server.send('/api/things/not-an-id', { name: 'a' });
    expect(bad.status).toBe(404);
    expect(bad.body).toMatchObject({ message: 'Not found' });
    await server.close();
  });
});

describe("route(app, endpoint, { serializer: 'precompiled' }, handler)", () => {
  const user = {
    _id: ID,
    email: 'ann@example.com',
    name: 'Ann',
    phoneNumber: '',
    companyName: 'Ann Builds',
    role: 'contractor' as const,
    reassign: null,
    companyLogo: null,
  };
  const replies: unknown[] = [
    { user: null },
    { user },
    { user: { ...user, role: 'homeowner', reassign: 'granted', companyLogo: '/api/files/x' } },
    // Quotes, backslashes, control characters, U+2028, emoji and a lone surrogate.
    { user: { ...user, name: 'A "q" \\ \n\t\u0001 \u2028 é 🏠 \ud800', companyName: '</script>' } },
    { user: { ...user, email: 'x'.repeat(500), phoneNumber: '+1 (555) 010-9999' } },
  ];

  /** Two routes of the same endpoint, one per serializer, answering `replies[?i]`. */
  async function pair(reply: z.ZodType) {
    const server = Fastify();
    registerErrorHandling(server, async () => {});
    for (const [prefix, serializer] of [
      ['/api/zod', 'zod'],
      ['/api/fast', 'precompiled'],
    ] as const) {
      const endpoint = defineEndpoint({
        operationId: 'me',
        method: 'GET',
        path: `${prefix}/me`,
        summary: 'A test endpoint.',
        access: 'anonymous',
        query: z.object({ i: z.coerce.number() }),
        reply,
        errors: errorReplies(),
      });
      await server.register(
        async (plugin) => {
          route(
            plugin,
            endpoint,
            { serializer },
            async (request) => replies[request.query.i] as never,
          );
        },
        { prefix },
      );
    }
    return server;
  }

  it('sends the very bytes the zod encode sends', async () => {
    const server = await pair(meReplySchema);
    for (let i = 0; i < replies.length; i++) {
      const zod = await server.inject(`/api/zod/me?i=${i}`);
      const fast = await server.inject(`/api/fast/me?i=${i}`);
      expect(zod.statusCode).toBe(200);
      expect(fast.rawPayload.equals(zod.rawPayload)).toBe(true);
      expect(fast.headers['content-type']).toBe(zod.headers['content-type']);
    }
    await server.close();
  });

  it('sends only what the schema names and refuses a reply that lacks a field', async () => {
    replies.push({ user: { ...user, secret: 'a column the schema does not name' } });
    replies.push({ user: { ...user, email: undefined } });
    const server = await pair(meReplySchema);
    const extra = await server.inject(`/api/fast/me?i=${replies.length - 2}`);
    expect(extra.json()).toEqual({ user });
    const missing = await server.inject(`/api/fast/me?i=${replies.length - 1}`);
    expect(missing.statusCode).toBe(500);
    await server.close();
    replies.splice(-2);
  });

  it('refuses at start a schema zod would rewrite on encode', async () => {
    await expect(pair(z.object({ n: z.number().default(1) }))).rejects.toThrow(/wire form/);
    await expect(pair(z.object({ n: z.string().transform(Number) }))).rejects.toThrow();
  });
});
