import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { notFound, unauthorized } from '../http/errors';
import { accessFor, requireReader } from '../proposals/access';
import { findProposalForCaller } from '../proposals/repository';
import { paths } from '../../shared/paths';
import {
  COMMENT_EMAILS_LINK_INVALID,
  COMMENT_EMAILS_NOT_ON_PROPOSAL,
  type CommentEmails,
} from '../../shared/schemas/comment-emails';
import { commentEmailsHolder, commentEmailsToken } from './comment-emails-link';
import {
  hasStoppedCommentEmails,
  resumeCommentEmails,
  stopCommentEmails,
} from './comment-emails-repository';

/*
 * Decision 0097: a person stops (or resumes) the comment e-mails of one proposal, by the link in
 * a digest or signed in on the shop page. Only people the digests are for (the owner and the
 * members) have the setting; a link of someone no longer on the proposal changes nothing.
 */

/** The page the digest's link opens (and the List-Unsubscribe address one-click posts to). */
export function commentEmailsLink(ctx: AppContext, proposalId: string, userId: string): string {
  const token = commentEmailsToken(ctx, proposalId, userId);
  return new URL(paths.commentEmails(token), ctx.config.appUrl).toString();
}

interface Person {
  proposalId: string;
  userId: string;
  projectName: string;
}

/** The person and proposal of a link; 'invalid' when we did not make it, 'gone' when they left. */
async function findPersonOfLink(
  ctx: AppContext,
  token: string,
): Promise<Person | 'invalid' | 'gone'> {
  const holder = commentEmailsHolder(ctx, token);
  if (!holder) return 'invalid';
  const proposal = await findProposalForCaller(ctx.db, holder.proposalId, holder.userId);
  const access = proposal ? accessFor(holder.userId, proposal) : null;
  if (!proposal || !access || access.role === 'public') return 'gone';
  return { ...holder, projectName: proposal.project_name };
}

/** The person and proposal of a link, or a 404 saying why the link does nothing. */
async function personOfLink(ctx: AppContext, token: string): Promise<Person> {
  const person = await findPersonOfLink(ctx, token);
  if (person === 'invalid') throw notFound(COMMENT_EMAILS_LINK_INVALID);
  if (person === 'gone') throw notFound(COMMENT_EMAILS_NOT_ON_PROPOSAL);
  return person;
}

/** Owners and members have the setting; the public reader of a public proposal does not. */
async function personSignedIn(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
): Promise<Person> {
  if (!user) throw unauthorized();
  const { proposal, access } = await requireReader(ctx, user, proposalId);
  if (access.role === 'public') throw notFound();
  return { proposalId: proposal.id, userId: user.id, projectName: proposal.project_name };
}

/** Whether this person on the proposal gets its comment e-mails (for the shop page's switch). */
export async function receivesCommentEmails(
  ctx: AppContext,
  proposalId: string,
  userId: string,
): Promise<boolean> {
  return !(await hasStoppedCommentEmails(ctx.db, proposalId, userId));
}

async function stateOf(ctx: AppContext, person: Person): Promise<CommentEmails> {
  const receiving = await receivesCommentEmails(ctx, person.proposalId, person.userId);
  return { projectName: person.projectName, receiving };
}

async function setFor(ctx: AppContext, person: Person, receiving: boolean): Promise<CommentEmails> {
  // Each alone: the job checks the setting again when it sends, so nothing else must move with it.
  if (receiving) await resumeCommentEmails(ctx.db, person.proposalId, person.userId);
  else await stopCommentEmails(ctx.db, person.proposalId, person.userId, ctx.now());
  return { projectName: person.projectName, receiving };
}

export async function commentEmailsByLink(ctx: AppContext, token: string) {
  return stateOf(ctx, await personOfLink(ctx, token));
}

export async function setCommentEmailsByLink(ctx: AppContext, token: string, receiving: boolean) {
  return setFor(ctx, await personOfLink(ctx, token), receiving);
}

export async function myCommentEmails(ctx: AppContext, user: UserRow | null, proposalId: string) {
  return stateOf(ctx, await personSignedIn(ctx, user, proposalId));
}

export async function setMyCommentEmails(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  receiving: boolean,
) {
  return setFor(ctx, await personSignedIn(ctx, user, proposalId), receiving);
}

/**
 * RFC 8058's one-click: stops them. A link of someone no longer on the proposal has nothing to
 * stop and is answered as done, since the mail client cannot show anything else anyway.
 */
export async function stopCommentEmailsInOneClick(ctx: AppContext, token: string): Promise<void> {
  const person = await findPersonOfLink(ctx, token);
  if (person === 'invalid') throw notFound(COMMENT_EMAILS_LINK_INVALID);
  if (person !== 'gone') await setFor(ctx, person, false);
}
