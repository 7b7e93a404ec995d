import dayjs from 'dayjs';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { COMMENT_MAX, type Comment } from '../../../shared/schemas/selections';
import { errorText } from '../../lib/error-text';
import { Spinner } from '../../ui/spinner';
import styles from './comments.module.css';

interface CommentsProps {
  comments: Comment[];
  /** Whether the comment is saved; the page keeps a logged-out visitor's comments itself. */
  canPost: boolean;
  onPost: (content: string) => Promise<void>;
}

export const COMMENT_TIME_FORMAT = 'MMM D, YYYY h:mm A';
const POST_FAILED = 'Your comment could not be posted. Please try again.';

/**
 * An item's comments, oldest first, and a box to add one. Comments come from other people, so
 * they are rendered as text (line breaks kept), never as HTML.
 */
export function Comments({ comments, canPost, onPost }: CommentsProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  const [draft, setDraft] = useState('');
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ordered = useMemo(
    () => [...comments].sort((a, b) => a.createdAt - b.createdAt),
    [comments],
  );
  const empty = draft.trim() === '';
  // No maxLength on the box: it would cut a pasted text silently. Say so and hold the button.
  const length = draft.trim().length;
  const tooLong = length > COMMENT_MAX;
  const countId = `${id}-count`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || tooLong || posting) return;
    setPosting(true);
    setError(null);
    try {
      await onPost(draft.trim());
      setDraft('');
    } catch (err) {
      setError(errorText(err, POST_FAILED));
    } finally {
      setPosting(false);
      // The button is disabled while posting and after clearing; keep the keyboard in the box.
      textarea.current?.focus();
    }
  };

  return (
    <section className={styles.comments} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        Comments
      </h4>
      {ordered.length > 0 ? (
        <ol className={styles.list}>
          {ordered.map((comment) => (
            <li key={comment.id} className={styles.comment}>
              <p className={styles.meta}>
                <span className={styles.author}>{comment.authorName || 'Guest'}</span>
                {comment.email !== '' && <span className={styles.email}>{comment.email}</span>}
                <time className={styles.time} dateTime={new Date(comment.createdAt).toISOString()}>
                  {dayjs(comment.createdAt).format(COMMENT_TIME_FORMAT)}
                </time>
              </p>
              <p className={styles.content}>{comment.content}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.none}>No comments yet.</p>
      )}

      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label htmlFor={id} className="visually-hidden">
          Add a comment
        </label>
        <textarea
          ref={textarea}
          id={id}
          name="comment"
          rows={3}
          placeholder={canPost ? 'Write a comment…' : 'Write a comment… (log in to save it)'}
          className={styles.textarea}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={error || tooLong ? true : undefined}
          aria-describedby={
            [error ? errorId : '', length > COMMENT_MAX - 200 ? countId : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
        />
        {length > COMMENT_MAX - 200 && (
          <p id={countId} className={tooLong ? styles.alert : styles.count} aria-live="polite">
            {tooLong
              ? `A comment can be at most ${COMMENT_MAX} characters (this one has ${length}).`
              : `${length} of ${COMMENT_MAX} characters`}
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className={styles.alert}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="submit"
            className="btn btn-secondary btn-sm"
            disabled={empty || tooLong || posting}
            aria-busy={posting || undefined}
          >
            {posting && <Spinner />}
            Post comment
          </button>
        </div>
      </form>
    </section>
  );
}
