import { createElement } from 'react';
import type { AppContext } from '../context';
import type { Executor } from '../db/helpers';
import { renderMail } from '../mail/render';
import {
  CommentsDigestEmail,
  commentsDigestHeading,
} from '../mail/templates/comments-digest-email';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-jobs';
import { accessFor } from '../proposals/access';
import type { ProposalAccess } from '../../shared/schemas/proposal';
import { findProposalForCaller } from '../proposals/repository';
import { mailSubject } from '../sending/names';
import { paths } from '../../shared/paths';
import {
  deleteNotices,
  findRecipient,
  insertCommentNotices,
  listCommentRecipients,
  listDueDigests,
  listNotices,
  type DueDigest,
} from './comment-digest-repository';
import { displayName } from './dto';
import { commentEmailsLink } from './comment-emails';
import { hasStoppedCommentEmails, listStoppedCommentEmails } from './comment-emails-repository';

/*
 * Decision 0092: a comment reaches the proposal's other people by e-mail, batched. Posting one
 * leaves a notice for each of them (in the comment's transaction); once a person's oldest notice
 * on a proposal is WINDOW_MS old, one e-mail lists every comment they have not been told of.
 */

/** The first comment a person has not been told of opens this window; one e-mail closes it. */
export const COMMENT_DIGEST_WINDOW_MS = 10 * 60 * 1000;
/** How often the fleet looks for digests due: one is sent at most this late. */
const PERIOD_MS = 60 * 1000;
const BATCH = 50;
/** The most comments one e-mail lists; the rest are counted, so a burst makes no huge message. */
export const DIGEST_LISTED_MAX = 30;

/** In the comment's transaction: the owner and every member but the author are to be told. */
export async function noteNewComment(
  trx: Executor,
  comment: { id: string; proposalId: string; authorId: string; createdAt: number },
): Promise<void> {
  const recipients = await listCommentRecipients(trx, comment.proposalId, comment.authorId);
  // Those who stopped these e-mails (decision 0097) are not noted at all.
  const stopped = await listStoppedCommentEmails(trx, comment.proposalId, recipients);
  await insertCommentNotices(
    trx,
    comment,
    recipients.filter((id) => !stopped.has(id)),
  );
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** We do not know the reader's time zone: UTC, said so. */
function commentTime(ms: number): string {
  return `${timeFormat.format(ms)} UTC`;
}

function reasonFor(access: ProposalAccess, ownerName: string): string {
  const contractor = ownerName.trim() || 'the contractor';
  switch (access.role) {
    case 'owner':
      return 'You get this email because this is your proposal.';
    case 'homeowner':
      return `You get this email because ${contractor} sent you this proposal.`;
    case 'invitee':
      return `You get this email because ${contractor} invited you to this proposal.`;
    case 'public':
      return '';
  }
}

/**
 * Sends one person's digest for one proposal, or drops it when they may no longer read the
 * proposal (removed, deleted, given away). Its notices are deleted in the transaction that
 * queues the e-mail: when another instance took some of them first, this one rolls back and sends
 * nothing, so nobody is told of a comment twice. True when an e-mail was queued.
 */
async function sendDigest(ctx: AppContext, digest: DueDigest): Promise<boolean> {
  const notices = await listNotices(ctx.db, digest);
  const ids = notices.map((n) => n.comment_id);
  const proposal = await findProposalForCaller(ctx.db, digest.proposal_id, digest.user_id);
  const access = proposal ? accessFor(digest.user_id, proposal) : null;
  const recipient = await findRecipient(ctx.db, digest.user_id);
  // Never their own words, and only comments the shop still shows.
  const shown = notices.filter((n) => n.shown && n.author_id !== digest.user_id);
  // Stopped (decision 0097) after these were noted: they are dropped, never sent later.
  const stopped = await hasStoppedCommentEmails(ctx.db, digest.proposal_id, digest.user_id);
  if (
    !proposal ||
    !access ||
    access.role === 'public' ||
    !recipient ||
    shown.length === 0 ||
    stopped
  ) {
    await deleteNotices(ctx.db, digest.user_id, ids);
    return false;
  }
  const path =
    access.role === 'owner'
      ? paths.proposalSelections(proposal.id)
      : paths.proposalReceivedSelections(proposal.id);
  const stopLink = commentEmailsLink(ctx, proposal.id, digest.user_id);
  const mail = await renderMail(
    createElement(CommentsDigestEmail, {
      link: new URL(path, ctx.config.appUrl).toString(),
      recipient: recipient.email,
      projectName: proposal.project_name,
      comments: shown.slice(0, DIGEST_LISTED_MAX).map((n) => ({
        author: displayName({ name: n.author_name, email: n.author_email }, true),
        itemName: n.item_name,
        text: n.content,
        time: commentTime(n.created_at),
      })),
      more: Math.max(0, shown.length - DIGEST_LISTED_MAX),
      reason: reasonFor(access, proposal.owner_name ?? ''),
      stopLink,
      windowMinutes: COMMENT_DIGEST_WINDOW_MS / 60_000,
      supportEmail: ctx.config.supportEmail,
    }),
  );
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const taken = await deleteNotices(trx, digest.user_id, ids);
      if (taken !== ids.length) {
        // Another instance sent some of these: what is left waits for a window of its own.
        throw new TakenElsewhere();
      }
      await ctx.mailer.enqueue(trx, {
        to: recipient.email,
        subject: mailSubject(commentsDigestHeading(shown.length, proposal.project_name)),
        ...mail,
        unsubscribeUrl: stopLink,
      });
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof TakenElsewhere) return false;
      throw err;
    });
}

class TakenElsewhere extends Error {}

/** Sends every digest whose window is over; how many e-mails were queued. */
export async function sendDueCommentDigests(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (let round = 0; round < 10; round += 1) {
    const due = await listDueDigests(ctx.db, ctx.now() - COMMENT_DIGEST_WINDOW_MS, BATCH);
    for (const digest of due) {
      try {
        if (await sendDigest(ctx, digest)) sent += 1;
      } catch (err) {
        // One digest that cannot be sent must not hold back the others; it is tried next time.
        ctx.log.warn({ err, proposalId: digest.proposal_id }, 'comment digest not sent');
      }
    }
    if (due.length < BATCH) break;
  }
  if (sent > 0) ctx.mailer.kick();
  return sent;
}

export const commentDigests: PeriodicJob = {
  name: 'comment-digests',
  periodMs: PERIOD_MS,
  run: sendDueCommentDigests,
  failure: 'comment digests failed; will try again in a minute',
};

export function startCommentDigests(ctx: AppContext): () => void {
  return startPeriodicJob(ctx, commentDigests);
}
