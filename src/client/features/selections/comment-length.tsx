import { COMMENT_MAX } from '../../../shared/schemas/selections';
import styles from './comments.module.css';

/** The count shows once a comment nears its limit: 200 characters before it. */
export const showsCommentLength = (length: number): boolean => length > COMMENT_MAX - 200;

/** A comment's length near and past its limit, for the box that `id` describes. */
export function CommentLength({ id, length }: { id: string; length: number }) {
  if (!showsCommentLength(length)) return null;
  const tooLong = length > COMMENT_MAX;
  return (
    <p id={id} className={tooLong ? styles.alert : styles.count} aria-live="polite">
      {tooLong
        ? `A comment can be at most ${COMMENT_MAX} characters (this one has ${length}).`
        : `${length} of ${COMMENT_MAX} characters`}
    </p>
  );
}
