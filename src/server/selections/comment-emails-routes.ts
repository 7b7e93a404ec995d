import type { FastifyPluginAsync } from 'fastify';
import { emails } from '../../shared/api/emails';
import { badRequest } from '../http/errors';
import { route } from '../http/route';
import { noStore } from '../proposals/http';
import {
  commentEmailsByLink,
  myCommentEmails,
  setCommentEmailsByLink,
  setMyCommentEmails,
  stopCommentEmailsInOneClick,
} from './comment-emails';

/** Registered at prefix /api: the comment e-mail setting (decision 0097). */
export const commentEmailsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, emails.byLink, async (request, reply) => {
    noStore(reply);
    return commentEmailsByLink(ctx, request.params.token);
  });

  route(app, emails.setByLink, async (request) =>
    setCommentEmailsByLink(ctx, request.params.token, request.body.receiving),
  );

  route(app, emails.mine, async (request, reply) => {
    noStore(reply);
    return myCommentEmails(ctx, request.user, request.params.id);
  });

  route(app, emails.setMine, async (request) =>
    setMyCommentEmails(ctx, request.user, request.params.id, request.body.receiving),
  );
};

/** The one-click POST's address: the page's own (List-Unsubscribe names it), outside /api. */
export const ONE_CLICK_ROUTE = '/comment-emails/:token';

export const ONE_CLICK_REQUIRED =
  'Send the form field List-Unsubscribe=One-Click (RFC 8058) to stop these e-mails.';
export const ONE_CLICK_DONE = 'Done: you get no more e-mails about comments on this proposal.';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * RFC 8058 one-click unsubscribe: a mail provider (Gmail's servers, a mail app) posts
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe address, with no session and no page.
 * It may come from anywhere, so the same-origin check lets this one route through
 * (http/same-origin.ts): it reads no session and can only turn someone's comment e-mails off, for
 * the holder of a link we made. A GET of the same address is the page, which asks first.
 */
export const commentEmailsOneClickRoute: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // Forms only here, read whole (they are a few bytes): the body is parsed by the handler.
  app.addContentTypeParser(FORM_TYPES, { parseAs: 'buffer', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { token: string } }>(
    ONE_CLICK_ROUTE,
    { bodyLimit: 4096 },
    async (request, reply) => {
      const type = request.headers['content-type'] ?? '';
      const isForm = FORM_TYPES.some((t) => type.toLowerCase().startsWith(t));
      if (!isForm || !Buffer.isBuffer(request.body)) throw badRequest(ONE_CLICK_REQUIRED);
      const form = await new Response(new Uint8Array(request.body), {
        headers: { 'content-type': type },
      })
        .formData()
        .catch(() => null);
      if (form?.get('List-Unsubscribe') !== 'One-Click') throw badRequest(ONE_CLICK_REQUIRED);
      await stopCommentEmailsInOneClick(ctx, request.params.token);
      noStore(reply);
      return reply.type('text/plain; charset=utf-8').send(ONE_CLICK_DONE);
    },
  );
};
