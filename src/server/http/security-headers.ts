import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The headers helmet sets with these options, worked out once (decision 0032). @fastify/helmet
 * builds helmet's middleware again on every request, parsing the CSP directives each time, for
 * headers that never change here: no route has options of its own and none uses nonces. So one
 * throwaway instance answers one request with it, and what helmet added is kept.
 */
export function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  // Tests build many apps in one process: the same options are worked out once.
  const key = JSON.stringify(options);
  let headers = known.get(key);
  if (!headers) {
    headers = probeHelmet(options);
    headers.catch(() => known.delete(key));
    known.set(key, headers);
  }
  return headers;
}

const known = new Map<string, Promise<Record<string, string>>>();

async function probeHelmet(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  probe.get('/', async () => '');
  const bare = await probe.inject('/');
  const withHelmet = Fastify({ logger: false });
  await withHelmet.register(helmet, options);
  withHelmet.get('/', async () => '');
  const secured = await withHelmet.inject('/');
  await Promise.all([probe.close(), withHelmet.close()]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured.headers)) {
    if (name in bare.headers || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * Sets the security headers, the request id and the permissions policy in one step: one object
 * built once, one hook that allocates nothing of its own.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
