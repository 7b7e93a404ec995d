import { memo, useEffect, useId, useRef } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Trash2 } from 'lucide-react';
import { EMPTY_SUM } from '../../../shared/domain/pricing';
import type { FileRef } from '../../../shared/schemas/proposal';
import { SumAmount } from '../../ui/priced-amount';
import { MultiFileField } from '../uploads/multi-file-field';
import { displayName } from './announcements';
import { DragHandle } from './drag-handle';
import { groupPricing, samePricing } from './editor-pricing';
import { GroupNameInput } from './group-name-input';
import { ItemList } from './item-list';
import { useGroupSelector, usePlanStore } from './plan-store';
import styles from './group-card.module.css';

interface GroupCardProps {
  groupKey: string;
  index: number;
  /** The group just added: its name field takes focus (docs/product/proposals-editor.md). */
  autoFocus: boolean;
  onRequestRemove: (groupKey: string) => void;
}

const NO_FILES: FileRef[] = [];
const TRASH = <Trash2 size={16} aria-hidden="true" />;

/** The group's subtotal: renders only when it changes. */
function GroupSubtotal({ groupKey }: { groupKey: string }) {
  const sum = useGroupSelector(
    groupKey,
    (group) => (group ? groupPricing(group) : EMPTY_SUM),
    samePricing,
  );
  return <SumAmount sum={sum} />;
}

/**
 * One cost group: name, items, note, photos and documents, subtotal. It reads its own name, note
 * and files from the plan store: an edit of one of its items does not render it again.
 */
export const GroupCard = memo(function GroupCard({
  groupKey,
  index,
  autoFocus,
  onRequestRemove,
}: GroupCardProps) {
  const {
    setNodeRef,
    setActivatorNodeRef,
    isDragging,
    transform,
    transition,
    attributes,
    listeners,
  } = useSortable({ id: groupKey });
  const { dispatch } = usePlanStore();
  const groupName = useGroupSelector(groupKey, (group) => group?.name ?? '');
  const groupNote = useGroupSelector(groupKey, (group) => group?.note ?? '');
  const images = useGroupSelector(groupKey, (group) => group?.images ?? NO_FILES);
  const moduleKept = useGroupSelector(groupKey, (group) => group?.moduleKept ?? false);
  const nameRef = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const name = displayName(groupName, 'new cost group');
  const regionLabel = groupName.trim() || `Cost group ${index + 1}`;

  useEffect(() => {
    if (autoFocus) nameRef.current?.focus();
  }, [autoFocus]);

  const setImages = (next: FileRef[]) =>
    dispatch({ type: 'setGroupImages', groupKey, images: next });

  return (
    <li
      ref={setNodeRef}
      className={styles.card}
      data-dragging={isDragging || undefined}
      data-group-key={groupKey}
      style={{
        transform: CSS.Translate.toString(transform && { ...transform, x: 0 }),
        transition,
      }}
    >
      <section aria-label={regionLabel}>
        <div className={styles.head}>
          <span className={styles.number} aria-hidden="true">
            {index + 1}
          </span>
          <DragHandle
            label={`Reorder ${name}`}
            attributes={attributes}
            listeners={listeners}
            setActivatorNodeRef={setActivatorNodeRef}
          />
          <GroupNameInput
            value={groupName}
            inputRef={nameRef}
            moduleKept={moduleKept}
            onChange={(value) => dispatch({ type: 'editGroup', groupKey, patch: { name: value } })}
          />
          <button
            type="button"
            className={styles.remove}
            aria-label={`Remove cost group ${name}`}
            onClick={() => onRequestRemove(groupKey)}
          >
            {TRASH}
            <span className={styles.removeText}>Remove</span>
          </button>
        </div>

        <ItemList groupKey={groupKey} groupName={groupName} groupLabel={name} />

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
              value={groupNote}
              onChange={(event) =>
                dispatch({ type: 'editGroup', groupKey, patch: { note: event.target.value } })
              }
            />
          </div>
          <MultiFileField
            label="Photos and documents"
            labelSuffix={`for ${name}`}
            field="groupImage"
            value={images}
            onChange={setImages}
          />
        </div>

        <footer className={styles.subtotal}>
          <span>Subtotal</span>
          <strong>
            <GroupSubtotal groupKey={groupKey} />
          </strong>
        </footer>
      </section>
    </li>
  );
});
