import { useId, useRef, useState, type FormEvent } from 'react';
import { NOTE_MAX } from '../../../shared/schemas/selections';
import { errorText } from '../../lib/error-text';
import { Spinner } from '../../ui/spinner';
import { NoteConflict } from './use-shop-actions';
import styles from './item-note.module.css';

interface ItemNoteProps {
  note: string;
  canEdit: boolean;
  /** Rejects with a NoteConflict (the stored note, loaded again) when it is no longer `expected`. */
  onSave: (note: string, expected: string) => Promise<void>;
}

const SAVE_FAILED = 'The note could not be saved. Please try again.';

/** A selection item's note: text for readers, an editor for the owner (docs/product/selections.md). */
export function ItemNote({ note, canEdit, onSave }: ItemNoteProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  // The note as it was when editing began: the server refuses the save if it changed since.
  const [editing, setEditing] = useState<{ draft: string; loaded: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shouldRefocus = useRef(false);

  if (!canEdit && note === '') return null;

  const stopEditing = () => {
    setEditing(null);
    setError(null);
    shouldRefocus.current = true;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(editing.draft, editing.loaded);
      stopEditing();
    } catch (err) {
      // Whatever went wrong, the typed text stays for another try or a copy. After a conflict the
      // next Save is checked against the note just loaded, so it can replace it; Cancel shows it.
      if (err instanceof NoteConflict) {
        const latest = err.latest;
        setEditing((open) => open && { ...open, loaded: latest });
        setError(err.message);
      } else {
        setError(errorText(err, SAVE_FAILED));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.note} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        Note
      </h4>
      {editing ? (
        <form className={styles.form} onSubmit={(event) => void save(event)}>
          <label htmlFor={id} className="visually-hidden">
            Note
          </label>
          <textarea
            id={id}
            name="note"
            rows={4}
            maxLength={NOTE_MAX}
            className={styles.textarea}
            value={editing.draft}
            autoFocus
            onChange={(event) => setEditing({ ...editing, draft: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
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
                if (!saving) stopEditing();
              }}
            >
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              aria-disabled={saving || undefined}
              aria-busy={saving || undefined}
            >
              {saving && <Spinner />}
              Save
            </button>
          </div>
        </form>
      ) : (
        <>
          {note !== '' ? (
            <p className={styles.text}>{note}</p>
          ) : (
            <p className={styles.empty}>No note yet.</p>
          )}
          {canEdit && (
            <div>
              <button
                ref={(el) => {
                  // Back from the editor: the keyboard returns to the button that opened it.
                  if (el && shouldRefocus.current) {
                    shouldRefocus.current = false;
                    el.focus();
                  }
                }}
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => setEditing({ draft: note, loaded: note })}
              >
                Edit note
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
