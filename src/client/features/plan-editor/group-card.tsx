import { memo, useEffect, useId, useRef, type Dispatch } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Trash2 } from 'lucide-react';
import type { EditorGroup, PlanAction } from '../../../shared/domain/plan-editor';
import type { FileRef } from '../../../shared/schemas/proposal';
import { SumAmount } from '../../ui/priced-amount';
import { MultiFileField } from '../uploads/multi-file-field';
import { displayName } from './announcements';
import { DragHandle } from './drag-handle';
import { editorPricing } from './editor-pricing';
import { GroupNameInput } from './group-name-input';
import { ItemList } from './item-list';
import styles from './group-card.module.css';

interface GroupCardProps {
  group: EditorGroup;
  index: number;
  /** The group just added: its name field takes focus (docs/product/proposals-editor.md). */
  autoFocus: boolean;
  dispatch: Dispatch<PlanAction>;
  onRequestRemove: (groupKey: string) => void;
}

/** One cost group: name, items, note, photos and documents, subtotal. */
export const GroupCard = memo(function GroupCard({
  group,
  index,
  autoFocus,
  dispatch,
  onRequestRemove,
}: GroupCardProps) {
  const sortable = useSortable({ id: group.key });
  const nameRef = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const name = displayName(group.name, 'new cost group');
  const regionLabel = group.name.trim() || `Cost group ${index + 1}`;

  useEffect(() => {
    if (autoFocus) nameRef.current?.focus();
  }, [autoFocus]);

  const setImages = (images: FileRef[]) =>
    dispatch({ type: 'setGroupImages', groupKey: group.key, images });

  return (
    <li
      ref={sortable.setNodeRef}
      className={styles.card}
      data-dragging={sortable.isDragging || undefined}
      data-group-key={group.key}
      style={{
        transform: CSS.Translate.toString(sortable.transform && { ...sortable.transform, x: 0 }),
        transition: sortable.transition,
      }}
    >
      <section aria-label={regionLabel}>
        <div className={styles.head}>
          <span className={styles.number} aria-hidden="true">
            {index + 1}
          </span>
          <DragHandle
            label={`Reorder ${name}`}
            attributes={sortable.attributes}
            listeners={sortable.listeners}
            setActivatorNodeRef={sortable.setActivatorNodeRef}
          />
          <GroupNameInput
            value={group.name}
            inputRef={nameRef}
            onChange={(value) =>
              dispatch({ type: 'editGroup', groupKey: group.key, patch: { name: value } })
            }
          />
          <button
            type="button"
            className={styles.remove}
            aria-label={`Remove cost group ${name}`}
            onClick={() => onRequestRemove(group.key)}
          >
            <Trash2 size={16} aria-hidden="true" />
            <span className={styles.removeText}>Remove</span>
          </button>
        </div>

        <ItemList group={group} groupLabel={name} dispatch={dispatch} />

        <div className={styles.extras}>
          <div className={styles.noteField}>
            <label htmlFor={noteId} className={styles.label}>
              Group note
            </label>
            <textarea
              id={noteId}
              className={styles.textarea}
              rows={2}
              maxLength={5000}
              placeholder="Anything the homeowner should know about this part of the job"
              value={group.note}
              onChange={(event) =>
                dispatch({
                  type: 'editGroup',
                  groupKey: group.key,
                  patch: { note: event.target.value },
                })
              }
            />
          </div>
          <MultiFileField
            label="Photos and documents"
            labelSuffix={`for ${name}`}
            field="groupImage"
            value={group.images}
            onChange={setImages}
          />
        </div>

        <footer className={styles.subtotal}>
          <span>Subtotal</span>
          <strong>
            <SumAmount sum={editorPricing([group])} />
          </strong>
        </footer>
      </section>
    </li>
  );
});
