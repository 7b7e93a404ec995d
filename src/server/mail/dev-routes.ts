import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parse } from '../http/validate';
import { notFound } from '../http/errors';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * /dev/mail: the outbox, readable in the browser, registered only in the local environment so
 * a fresh machine can sign in without a mail server.
 */
export const devMailRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.get('/mail', async (_request, reply) => {
    const rows = await ctx.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
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
    const row = await ctx.db
      .selectFrom('mail_outbox')
      .select(['html'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return reply.type('text/html; charset=utf-8').send(row.html);
  });
};
