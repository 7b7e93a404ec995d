import { Link } from '@react-email/link';
import { EmailButton, EmailLayout, EmailLinkText, EmailText } from './email-layout';
import { MultilineText } from './multiline-text';

export interface DigestComment {
  author: string;
  itemName: string;
  /** As written: React escapes it in the HTML. */
  text: string;
  /** When it was posted, already worded ('Dec 1, 2026, 9:14 AM UTC'). */
  time: string;
}

/** '3 new comments on Ng Kitchen Remodel': the subject and the heading. */
export function commentsDigestHeading(count: number, projectName: string): string {
  const what = count === 1 ? '1 new comment' : `${count} new comments`;
  const project = projectName.trim();
  return project ? `${what} on ${project}` : `${what} on a proposal you take part in`;
}

/** The words of the digest's stop link: 'Stop e-mails about comments on Ng Kitchen Remodel'. */
export function stopCommentEmailsText(projectName: string): string {
  const project = projectName.trim();
  return project
    ? `Stop e-mails about comments on ${project}`
    : 'Stop e-mails about comments on this proposal';
}

/**
 * To a person of a proposal (its contractor, homeowner or an invitee) when the others commented
 * on its selections: one message per batching window (decision 0092). The link is the plain shop
 * page, not a sign-in link: it asks them to sign in when they need to.
 */
export function CommentsDigestEmail(props: {
  link: string;
  recipient: string;
  projectName: string;
  comments: DigestComment[];
  /** Comments left out of the list (the newest), counted in the heading. */
  more: number;
  /** Why they get it, one sentence for their role. */
  reason: string;
  /** The page that stops these e-mails for this person and proposal (decision 0097). */
  stopLink: string;
  windowMinutes: number;
  supportEmail: string;
}) {
  const heading = commentsDigestHeading(props.comments.length + props.more, props.projectName);
  const authors = [...new Set(props.comments.map((c) => c.author))];
  return (
    <EmailLayout
      preview={`From ${authors.join(', ')}. Answer on the proposal's page, where everyone sees it.`}
      heading={heading}
      recipient={props.recipient}
      supportEmail={props.supportEmail}
    >
      {props.comments.map((comment, index) => (
        <div key={index}>
          <EmailText>
            <strong>{comment.author}</strong> on {comment.itemName}, {comment.time}:
          </EmailText>
          <MultilineText text={comment.text} />
        </div>
      ))}
      {props.more > 0 ? (
        <EmailText>
          And {props.more === 1 ? '1 more comment' : `${props.more} more comments`} on the
          proposal&apos;s page.
        </EmailText>
      ) : null}
      <EmailButton href={props.link}>Open the selections</EmailButton>
      <EmailLinkText link={props.link}>
        To answer, comment on the proposal&apos;s page: everyone on the proposal sees it there.
        Replies to this email are not read.
      </EmailLinkText>
      <EmailText>
        {props.reason} Comments are sent at most once every {props.windowMinutes} minutes per
        proposal.
      </EmailText>
      {/* A paragraph of its own: in the plain text nothing follows the address to be taken in. */}
      <EmailText>
        <Link href={props.stopLink} style={{ textDecoration: 'underline' }}>
          {stopCommentEmailsText(props.projectName)}
        </Link>
      </EmailText>
    </EmailLayout>
  );
}
