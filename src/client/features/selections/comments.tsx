import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  addCommentRequestSchema,
  COMMENT_MAX,
  type Comment,
} from '../../../shared/schemas/selections';
import { errorText, namedFailure } from '../../lib/error-text';
import { useStillShown } from '../../lib/use-still-shown';
import { BusyButton } from '../../ui/busy-button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormField } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { commentView } from './comment-text';
import { CommentItem } from './comment-item';
import { useRememberUnsent, useUnsent } from './unsent-text';
import { CommentLength, showsCommentLength } from './comment-length';
import styles from './comments.module.css';

interface CommentsProps {
  /** Names the region, so each item's comments are a landmark of their own (axe landmark-unique). */
  itemName: string;
  comments: Comment[];
  /** Whether the comment is saved; the page keeps a logged-out visitor's comments itself. */
  canPost: boolean;
  onPost: (content: string) => Promise<void>;
  /** Saves a comment's new text (its author, decision 0095); rejects with the reason. */
  onEdit: (comment: Comment, content: string) => Promise<void>;
  /** Deletes a comment (its author, or the owner); rejects with the reason. */
  onDelete: (comment: Comment) => Promise<void>;
  /** Shows a failure on the item's card, for a post that fails after the item was closed. */
  onFailedClosed: (message: string) => void;
  /** Where the shop page keeps the unsent comment while the item is closed. */
  unsentKey: string;
}

export { COMMENT_TIME_FORMAT } from './comment-item';
const NOT_POSTED = 'Your comment could not be posted.';
const POST_FAILED = `${NOT_POSTED} Please try again.`;

/**
 * An item's comments, oldest first, and a box to add one. Comments come from other people, so
 * they are rendered as text (line breaks kept, http(s) addresses as links), never as HTML.
 */
export function Comments({
  itemName,
  comments,
  canPost,
  onPost,
  onEdit,
  onDelete,
  onFailedClosed,
  unsentKey,
}: CommentsProps) {
  const [deleting, setDeleting] = useState<{
    id: string;
    pending: boolean;
    error: string | null;
  } | null>(null);
  // The comment as the page shows it now: read again after a refusal, so a second Delete is
  // asked about the text as it is.
  const target = deleting ? comments.find((c) => c.id === deleting.id) : undefined;
  const deleted = useRef(false);
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  const unsent = useUnsent(unsentKey);
  const form = useForm<
    z.input<typeof addCommentRequestSchema>,
    unknown,
    z.output<typeof addCommentRequestSchema>
  >({
    resolver: zodResolver(addCommentRequestSchema),
    defaultValues: { content: unsent.initial?.text ?? '' },
  });
  const draft = useWatch({ control: form.control, name: 'content' });
  useRememberUnsent(unsent.remember, { text: draft });
  const posting = form.formState.isSubmitting;
  const [error, setError] = useState<string | null>(null);
  const shown = useStillShown();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const content = form.register('content');
  const ordered = useMemo(
    () => [...comments].sort((a, b) => a.createdAt - b.createdAt),
    [comments],
  );
  const empty = draft.trim() === '';
  // No maxLength on the box: it would cut a pasted text silently. Say so and hold the button.
  const length = draft.trim().length;
  const tooLong = length > COMMENT_MAX;
  const countId = `${id}-count`;

  // The shared schema checks the same rules as the button, and hands on the comment trimmed.
  const post = form.handleSubmit(async ({ content }) => {
    setError(null);
    // The box stays editable while the comment posts: what is typed meanwhile is kept.
    const sent = form.getValues('content');
    try {
      await onPost(content);
      const now = form.getValues('content');
      const left =
        now === sent ? '' : now.startsWith(sent) ? now.slice(sent.length).trimStart() : now;
      if (left === '') form.reset({ content: '' });
      else if (left !== now) form.setValue('content', left);
      // Also when the item was closed while it posted: the box is gone, the kept text must not
      // bring the posted comment back.
      unsent.remember(left === '' ? undefined : { text: left });
    } catch (err) {
      const reason = errorText(err, POST_FAILED);
      if (shown.current) setError(reason);
      // Closed meanwhile: the text is kept for the next opening, and the card says what failed.
      else onFailedClosed(namedFailure(NOT_POSTED, reason));
    } finally {
      // Back to the box for the next comment, or to mend the failed one. Not when the reader has
      // moved on meanwhile: only from Post, or from nowhere (Post turns disabled once the box is
      // cleared). RHF's setFocus cannot do it: a reset drops the field's ref until the next render.
      const textarea = box.current;
      const from = document.activeElement;
      // From nowhere (the reader pressed plain text meanwhile, perhaps scrolled elsewhere), the
      // page stays where they left it.
      const fromNowhere = from === null || from === document.body;
      if (textarea?.isConnected && (fromNowhere || from === button.current))
        textarea.focus({ preventScroll: fromNowhere });
    }
  });
  const runDelete = async () => {
    if (!deleting || !target) return;
    setDeleting({ ...deleting, pending: true, error: null });
    try {
      await onDelete(target);
      deleted.current = true;
      setDeleting(null);
    } catch (err) {
      setDeleting({
        ...deleting,
        pending: false,
        error:
          err instanceof Error && err.message
            ? err.message
            : 'The comment could not be deleted. Please try again.',
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (empty || tooLong || posting) return;
    void post(event);
  };

  return (
    <section className={styles.comments} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        Comments<span className="visually-hidden"> on {itemName}</span>
      </h4>
      {ordered.length > 0 ? (
        <ol className={styles.list}>
          {ordered.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              onEdit={onEdit}
              onDelete={(c) => setDeleting({ id: c.id, pending: false, error: null })}
            />
          ))}
        </ol>
      ) : (
        <p className={styles.none}>No comments yet.</p>
      )}

      <form className={styles.form} onSubmit={submit}>
        <FormField
          id={id}
          label={<span className="visually-hidden">Add a comment</span>}
          describedBy={
            [error ? errorId : '', showsCommentLength(length) ? countId : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          className={styles.field}
        >
          {(control) => (
            <textarea
              {...control}
              {...content}
              ref={(textarea) => {
                content.ref(textarea);
                box.current = textarea;
              }}
              rows={3}
              placeholder={canPost ? 'Write a comment…' : 'Write a comment… (log in to save it)'}
              className={styles.textarea}
              aria-invalid={error || tooLong ? true : undefined}
            />
          )}
        </FormField>
        <CommentLength id={countId} length={length} />
        {error && (
          <p id={errorId} role="alert" className={styles.alert}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          {/* Busy, Post keeps the focus it was pressed with (a disabled button drops it to the page). */}
          <BusyButton
            ref={button}
            type="submit"
            className="btn btn-secondary btn-sm"
            disabled={empty || tooLong}
            busy={posting}
          >
            {posting && <Spinner />}
            Post comment
          </BusyButton>
        </div>
      </form>
      {deleting && target && (
        <ConfirmDialog
          title="Delete this comment?"
          description={<DeletedPreview content={target.content} />}
          confirmLabel="Delete"
          pending={deleting.pending}
          error={deleting.error}
          onConfirm={() => void runDelete()}
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            // Its Delete button went with it: on to the box for the next comment.
            deleted.current = false;
            event.preventDefault();
            box.current?.focus();
          }}
        />
      )}
    </section>
  );
}

/** What the question is about: the comment's opening, as its folded preview shows it. */
function DeletedPreview({ content }: { content: string }) {
  const view = commentView(content);
  const text = (view.preview ?? view.parts).map((part) => part.text).join('');
  return (
    <>
      It is removed for everyone and cannot be brought back.
      <span className={styles.quoted}>
        “{text}
        {view.preview ? '…' : ''}”
      </span>
    </>
  );
}
