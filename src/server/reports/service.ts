import { randomUUID } from 'node:crypto';
import { createElement } from 'react';
import type { AppContext } from '../context';
import { renderMail } from '../mail/render';
import { FeedbackEmail } from '../mail/templates/feedback-email';
import { REPORT_LIMITS } from '../../shared/schemas/reports';
import { HttpError } from '../http/errors';
import {
  countAnonymousErrorsSince,
  countAnonymousFeedbackSince,
  insertErrorReport,
  insertFeedback,
} from './repository';

const USER_AGENT_MAX = 500;
const HOUR_MS = 60 * 60 * 1000;

export const TOO_MANY_REPORTS =
  'We are receiving too many error reports right now. Please try again later.';
export const tooManyMessages = (supportEmail: string) =>
  `We are receiving too many messages right now. Please write to ${supportEmail} instead.`;

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

export interface ClientErrorInput {
  message: string;
  stack: string;
  url: string;
  userAgent: string;
  userId: string | null;
  requestId: string;
}

/** Stores an error the browser reported; the returned id is the event id shown to the person. */
export async function storeClientError(ctx: AppContext, input: ClientErrorInput): Promise<string> {
  // Each client's reports are limited by the route; this bounds those of nobody signed in all
  // together, so that many addresses at once cannot fill the disk, while a signed-in person's
  // still come (decision 0081). Counted, then written: a few more under a burst are harmless.
  if (
    input.userId === null &&
    (await countAnonymousErrorsSince(ctx.db, ctx.now() - HOUR_MS)) >= ctx.limits.clientErrorsPerHour
  )
    throw new HttpError(429, TOO_MANY_REPORTS);
  const id = randomUUID();
  await insertErrorReport(ctx.db, {
    id,
    source: 'client',
    message: input.message,
    stack: input.stack,
    url: input.url,
    user_agent: clip(input.userAgent, USER_AGENT_MAX),
    user_id: input.userId,
    request_id: input.requestId,
    created_at: ctx.now(),
  });
  return id;
}

/**
 * Stores an unexpected server error (a 500). The request id ties the row to the request's log
 * lines and to the `requestId` the client received.
 */
export async function storeServerError(
  ctx: AppContext,
  err: Error,
  requestId: string,
  url: string,
): Promise<void> {
  await insertErrorReport(ctx.db, {
    id: randomUUID(),
    source: 'server',
    message: clip(err.message || err.name || 'Error', REPORT_LIMITS.message),
    stack: clip(err.stack ?? '', REPORT_LIMITS.stack),
    url: clip(url, REPORT_LIMITS.url),
    user_agent: '',
    user_id: null,
    request_id: requestId,
    created_at: ctx.now(),
  });
}

export interface FeedbackInput {
  email: string;
  message: string;
  eventId: string | undefined;
  url: string | undefined;
  userId: string | null;
  /** Where it was written: the error page (default) or the help panel, which asks for a reply. */
  source?: 'error' | 'help';
}

/** Stores feedback and e-mails it to support; both commit together or not at all. */
export async function storeFeedback(ctx: AppContext, input: FeedbackInput): Promise<void> {
  const supportEmail = ctx.config.supportEmail;
  // Every message is an e-mail to support: many anonymous senders at once must not bury its
  // inbox, nor keep the signed-in from it (decision 0081).
  if (
    input.userId === null &&
    (await countAnonymousFeedbackSince(ctx.db, ctx.now() - HOUR_MS)) >=
      ctx.limits.supportMessagesPerHour
  )
    throw new HttpError(429, tooManyMessages(supportEmail));
  // Rendered before the transaction opens so the transaction stays short.
  const { html, text } = await renderMail(
    createElement(FeedbackEmail, {
      fromEmail: input.email,
      message: input.message,
      eventId: input.eventId,
      url: input.url,
      supportEmail,
      source: input.source ?? 'error',
    }),
  );
  const subject =
    input.source === 'help'
      ? `Help request from ${input.email}`
      : input.eventId
        ? `Feedback from ${input.email} (reference ${input.eventId})`
        : `Feedback from ${input.email}`;
  await ctx.db.transaction().execute(async (trx) => {
    await insertFeedback(trx, {
      id: randomUUID(),
      event_id: input.eventId ?? null,
      email: input.email,
      message: input.message,
      url: input.url ?? '',
      user_id: input.userId,
      created_at: ctx.now(),
    });
    // Support answers with Reply: it goes to the person, not back to the app's From address.
    await ctx.mailer.enqueue(trx, { to: supportEmail, subject, html, text, replyTo: input.email });
  });
  ctx.mailer.kick();
}
