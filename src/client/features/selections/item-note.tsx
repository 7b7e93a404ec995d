import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { NOTE_MAX, updateNoteRequestSchema } from '../../../shared/schemas/selections';
import { errorText, namedFailure } from '../../lib/error-text';
import { useStillShown } from '../../lib/use-still-shown';
import { FormField } from '../../ui/form-field';
import { BusyButton } from '../../ui/busy-button';
import { Spinner } from '../../ui/spinner';
import { NoteConflict } from './use-shop-actions';
import { useRememberUnsent, useUnsent } from './unsent-text';
import { CommentBody } from './comment-body';
import styles from './item-note.module.css';

interface ItemNoteProps {
  /** Names the region, so each item's note is a landmark of its own (axe landmark-unique). */
  itemName: string;
  note: string;
  canEdit: boolean;
  /** Rejects with a NoteConflict (the stored note, loaded again) when it is no longer `expected`. */
  onSave: (note: string, expected: string) => Promise<void>;
  /** Shows a failure on the item's card, for a save that fails after the item was closed. */
  onFailedClosed: (message: string) => void;
  /** Where the shop page keeps an unsaved edit while the item is closed. */
  unsentKey: string;
}

const NOT_SAVED = 'The note could not be saved.';
const SAVE_FAILED = `${NOT_SAVED} Please try again.`;

// The note as the shared request schema checks it (the box's maxLength already holds it there).
const noteFormSchema = z.object({ note: updateNoteRequestSchema.shape.note });
type NoteFormValues = z.infer<typeof noteFormSchema>;

/** A selection item's note: text for readers, an editor for the owner (docs/product/selections.md). */
export function ItemNote({
  itemName,
  note,
  canEdit,
  onSave,
  onFailedClosed,
  unsentKey,
}: ItemNoteProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  // The note as it was when editing began (null: not editing): the server refuses the save if it
  // changed since.
  // An edit left unsaved when the item closed opens again as it was.
  const unsent = useUnsent(unsentKey);
  const restored = canEdit ? unsent.initial : undefined;
  const [loaded, setLoaded] = useState<string | null>(restored?.base ?? null);
  const form = useForm<NoteFormValues>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: { note: restored?.text ?? note },
  });
  const typed = useWatch({ control: form.control, name: 'note' });
  useRememberUnsent(unsent.remember, loaded === null ? undefined : { text: typed, base: loaded });
  // Focus goes to the box when Edit note opens it, not when the item opens on a kept edit.
  const [focusBox, setFocusBox] = useState(false);
  const saving = form.formState.isSubmitting;
  const [error, setError] = useState<string | null>(null);
  const shouldRefocus = useRef(false);
  const shown = useStillShown();

  if (!canEdit && note === '') return null;

  const startEditing = () => {
    form.reset({ note });
    setLoaded(note);
    setFocusBox(true);
  };

  const stopEditing = () => {
    setLoaded(null);
    setError(null);
    shouldRefocus.current = true;
  };

  const saveNote = async (values: NoteFormValues) => {
    if (loaded === null) return;
    setError(null);
    try {
      await onSave(values.note, loaded);
      stopEditing();
      // Also when the item was closed while it saved: the edit is done, nothing to bring back.
      unsent.remember(undefined);
    } catch (err) {
      // Whatever went wrong, the typed text stays for another try or a copy. After a conflict the
      // next Save is checked against the note just loaded, so it can replace it; Cancel shows it.
      // Closed meanwhile, the edit is kept for the next opening and the card says what happened.
      if (!shown.current) {
        // The kept edit is checked against the note just loaded, as in the open form below.
        if (err instanceof NoteConflict) unsent.remember({ text: values.note, base: err.latest });
        const reason = err instanceof NoteConflict ? err.message : errorText(err, SAVE_FAILED);
        onFailedClosed(namedFailure(NOT_SAVED, reason));
      } else if (err instanceof NoteConflict) {
        const latest = err.latest;
        setLoaded((open) => (open === null ? open : latest));
        setError(err.message);
      } else {
        setError(errorText(err, SAVE_FAILED));
      }
    }
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loaded === null || saving) return;
    void form.handleSubmit(saveNote)(event);
  };

  return (
    <section className={styles.note} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        Note<span className="visually-hidden"> for {itemName}</span>
      </h4>
      {loaded !== null ? (
        <form className={styles.form} onSubmit={save}>
          <FormField
            id={id}
            label={<span className="visually-hidden">Note</span>}
            describedBy={error ? errorId : undefined}
            className={styles.field}
          >
            {(control) => (
              <textarea
                {...control}
                {...form.register('note')}
                rows={4}
                maxLength={NOTE_MAX}
                className={styles.textarea}
                autoFocus={focusBox}
                aria-invalid={error ? true : undefined}
              />
            )}
          </FormField>
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
            <BusyButton type="submit" className="btn btn-primary btn-sm" busy={saving}>
              {saving && <Spinner />}
              Save
            </BusyButton>
          </div>
        </form>
      ) : (
        <>
          {note !== '' ? (
            // Linked and folded as a comment is: a note often carries a product's address.
            <CommentBody content={note} />
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
                onClick={startEditing}
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
