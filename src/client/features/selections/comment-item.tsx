import dayjs from 'dayjs';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Comment } from '../../../shared/schemas/selections';
import { CommentBody } from './comment-body';
import { CommentEditor } from './comment-editor';
import styles from './comments.module.css';

export const COMMENT_TIME_FORMAT = 'MMM D, YYYY h:mm A';

interface CommentItemProps {
  comment: Comment;
  /** Saves its author's new text (decision 0095); rejects with the reason. */
  onEdit: (comment: Comment, content: string) => Promise<void>;
  /** Asks whether to delete it (the list's confirmation). */
  onDelete: (comment: Comment) => void;
}

/**
 * One comment: who wrote it and when, '(edited)' with the edit's time once changed, its text, and
 * Edit (its author) and Delete (its author, or the proposal's owner) where the reader may.
 */
export function CommentItem({ comment, onEdit, onDelete }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  // Closed from the editor (Save, Cancel, Escape): back to Edit, where the keyboard was.
  useLayoutEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const edited = comment.editedAt === null ? null : dayjs(comment.editedAt);
  return (
    <li className={styles.comment}>
      <p className={styles.meta}>
        <span className={styles.author}>{comment.authorName || 'Guest'}</span>
        {comment.email !== '' && <span className={styles.email}>{comment.email}</span>}
        <time className={styles.time} dateTime={new Date(comment.createdAt).toISOString()}>
          {dayjs(comment.createdAt).format(COMMENT_TIME_FORMAT)}
        </time>
        {edited && (
          <time
            className={styles.time}
            dateTime={edited.toISOString()}
            title={`Edited ${edited.format(COMMENT_TIME_FORMAT)}`}
          >
            (edited<span className="visually-hidden"> {edited.format(COMMENT_TIME_FORMAT)}</span>)
          </time>
        )}
      </p>
      {editing ? (
        <CommentEditor
          content={comment.content}
          onSave={(content) => onEdit(comment, content)}
          onClose={() => {
            refocus.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <>
          <CommentBody content={comment.content} />
          {(comment.canEdit || comment.canDelete) && (
            <div className={styles.tools}>
              {comment.canEdit && (
                <button
                  ref={editButton}
                  type="button"
                  className={`link-button ${styles.tool}`}
                  onClick={() => setEditing(true)}
                >
                  Edit<span className="visually-hidden"> your comment</span>
                </button>
              )}
              {comment.canDelete && (
                <button
                  type="button"
                  className={`link-button ${styles.tool}`}
                  onClick={() => onDelete(comment)}
                >
                  Delete
                  <span className="visually-hidden">
                    {comment.mine ? ' your comment' : ` the comment by ${comment.authorName}`}
                  </span>
                </button>
              )}
            </div>
          )}
        </>
      )}
    </li>
  );
}
