import net from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/validate';
import { isLoopbackHost } from '../config/config';
import { notFound } from '../http/errors';
import { listRecentMail } from './outbox-repository';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The socket's own peer address is loopback (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * The Host a browser sent names this machine. A page from any other site reaches a developer's
 * loopback port by DNS rebinding (its name made to resolve to 127.0.0.1): the socket is then
 * loopback, but the browser still sends that site's name, which only this check refuses.
 */
function namesThisMachine(host: string | undefined): boolean {
  if (!host) return false;
  try {
    return isLoopbackHost(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/** Headers a proxy adds: a request with any of them came from elsewhere through one. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * /dev/mail: the outbox, readable in the browser, registered only in the local environment so
 * a fresh machine can sign in without a mail server. It shows sign-in links, so it also answers
 * only to this machine: the socket's peer address must be loopback (never X-Forwarded-For, which
 * a client writes itself), the Host must name this machine (DNS rebinding), no proxy may have
 * passed the request on (a proxy on the same host makes every visitor's socket loopback), and
 * nothing it answers may be cached.
 */
export const devMailRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (
      !isLoopbackAddress(request.raw.socket.remoteAddress) ||
      !namesThisMachine(request.headers.host) ||
      FORWARDED.some((name) => request.headers[name] !== undefined)
    )
      throw notFound();
  });
  app.get('/mail', async (_request, reply) => {
    const rows = await listRecentMail(ctx.db, 50);
    const items = rows
      .map(
        (r) =>
          `<li><a href="/dev/mail/${r.id}">${escape(r.subject)}</a> to ${escape(r.to_address)} · ${new Date(r.created_at).toLocaleString()} · ${r.status}</li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Outbox</title><body style="font-family:system-ui;max-width:760px;margin:2rem auto"><h1>Outbox (local only)</h1><p>The 50 newest messages. Set SMTP_URL to send real mail.</p><ul>${items || '<li>No messages yet.</li>'}</ul>`,
      );
  });
  app.get('/mail/:id', async (request, reply) => {
    const { id } = parse(z.object({ id: z.uuid('Unknown message.') }), request.params);
    const body = await ctx.mailer.readBody(id);
    if (body === undefined) throw notFound();
    return reply
      .type('text/html; charset=utf-8')
      .send(
        body?.html ??
          '<!doctype html><meta charset="utf-8"><title>Outbox</title><p>This message was sent or has failed; its body is not kept.</p>',
      );
  });
};
