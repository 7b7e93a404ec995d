import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, errorReplies } from '../../shared/api/endpoint';
import { registerErrorHandling } from './errors';
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
