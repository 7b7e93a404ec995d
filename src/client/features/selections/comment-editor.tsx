import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { addCommentRequestSchema, COMMENT_MAX } from '../../../shared/schemas/selections';
import { BusyButton } from '../../ui/busy-button';
import { Spinner } from '../../ui/spinner';
import { CommentLength, showsCommentLength } from './comment-length';
import styles from './comments.module.css';

const NOT_SAVED = 'Your comment could not be saved. Please try again.';

interface CommentEditorProps {
  /** The comment's text as the page shows it, the box's first text. */
  content: string;
  /** Saves the new text; rejects with the reason (the editor stays open with the text typed). */
  onSave: (content: string) => Promise<void>;
  /** Cancel, Escape, or a saved edit: the comment shows its text again. */
  onClose: () => void;
}

/**
 * A comment edited in place (decision 0095): the same rules as posting one, Save and Cancel,
 * Escape cancels. The box keeps what was typed while it saves and after a refusal.
 */
export function CommentEditor({ content, onSave, onClose }: CommentEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState(content);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const checked = addCommentRequestSchema.shape.content.safeParse(draft);
  const length = draft.trim().length;
  const tooLong = length > COMMENT_MAX;
  const unchanged = draft.trim() === content;

  // Into the box, after its text, so typing goes on where the comment ends.
  useLayoutEffect(() => {
    const textarea = box.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !checked.success) return;
    if (unchanged) return onClose();
    setError(null);
    setSaving(true);
    try {
      await onSave(checked.data);
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : NOT_SAVED);
      setSaving(false);
      box.current?.focus();
    }
  };

  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        // Escape cancels, unless a saving edit would then land unseen.
        if (event.key !== 'Escape' || saving) return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Edit your comment
      </label>
      <textarea
        ref={box}
        id={id}
        rows={3}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className={styles.textarea}
        aria-invalid={error || tooLong ? true : undefined}
        aria-describedby={
          [error ? errorId : '', showsCommentLength(length) ? countId : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
      <CommentLength id={countId} length={length} />
      {error && (
        <p id={errorId} role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-disabled={saving || undefined}
          onClick={() => {
            if (!saving) onClose();
          }}
        >
          Cancel
        </button>
        <BusyButton
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={!checked.success}
          busy={saving}
        >
          {saving && <Spinner />}
          Save
        </BusyButton>
      </div>
    </form>
  );
}
