import { memo, useCallback, useState } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronDown, ShoppingBag, StickyNote, Trash2 } from 'lucide-react';
import { COST_TYPES, costTypeLabel, type CostType } from '../../../shared/domain/cost-types';
import { evaluateCost } from '../../../shared/domain/cost-expression';
import { PRICING_TEXT } from '../../../shared/domain/pricing';
import type { EditorItem, ItemPatch } from '../../../shared/domain/plan-editor';
import { useFormatMoney } from '../../ui/currency-context';
import { displayName } from './announcements';
import { CostInput } from './cost-input';
import { isToPrice } from './editor-pricing';
import { DragHandle } from './drag-handle';
import { useItemNameField } from './item-name-suggestions';
import { usePlanItem, usePlanStore } from './plan-store';
import { SuggestInput } from './suggest-input';
import styles from './item-row.module.css';

interface ItemRowProps {
  groupKey: string;
  groupName: string;
  itemKey: string;
  /** The always-present empty row at the end: no handle, no remove. */
  trailing: boolean;
  onRemove: (itemKey: string) => void;
}

// Icons made once: an element the row hands on unchanged is not rendered again with the row.
const CHEVRON = <ChevronDown size={18} aria-hidden="true" />;
const BAG = <ShoppingBag size={15} aria-hidden="true" />;
const NOTE = <StickyNote size={16} aria-hidden="true" />;
const TRASH = <Trash2 size={16} aria-hidden="true" />;

const NEEDS_NAME = 'Needs a name to be saved';

const toCostType = (value: string): CostType | null =>
  COST_TYPES.find((t) => String(t.value) === value)?.value ?? null;

/** The closed row's line under the name on a phone: '$400.00 · Allowance · Selection'. */
function costSummary(item: EditorItem, formatMoney: (cents: number) => string): string | null {
  const result = evaluateCost(item.rawCost);
  return result.ok ? formatMoney(result.cents) : null;
}

/**
 * One cost item: name, cost, cost type, selection flag, note. On a phone the row shows the name
 * and a one-line summary; the details open behind a disclosure button (decision 0022).
 * It reads its item from the plan store. A keystroke in the name renders the row, its name field
 * and its cost field (whose label carries the name) only: the drag handle takes its label from a
 * hidden element of the row (aria-labelledby), so its props stay the same, and the icons are
 * elements made once (decision 0035).
 */
export const ItemRow = memo(function ItemRow({
  groupKey,
  groupName,
  itemKey,
  trailing,
  onRemove,
}: ItemRowProps) {
  const { dispatch } = usePlanStore();
  const found = usePlanItem(groupKey, itemKey);
  const sortable = useSortable({ id: itemKey, disabled: trailing });
  const [noteOpen, setNoteOpen] = useState(false);
  const [open, setOpen] = useState(false);
  const formatMoney = useFormatMoney();
  const edit = useCallback(
    (patch: ItemPatch) => dispatch({ type: 'editItem', groupKey, itemKey, patch }),
    [dispatch, groupKey, itemKey],
  );
  const editCost = useCallback((rawCost: string) => edit({ rawCost }), [edit]);
  const nameField = useItemNameField(groupName, found?.name ?? '');
  // The row's list drops it in the same render that removes the item.
  if (!found) return null;
  const item = found;
  const detailsId = `details-${itemKey}`;
  const toPrice = isToPrice(item);
  const amount = toPrice ? null : costSummary(item, formatMoney);
  const name = displayName(item.name, 'new item');
  const showNote = noteOpen || item.note !== '';
  const noteId = `note-${itemKey}`;
  const reorderLabelId = `reorder-${itemKey}`;
  const unnamed = !trailing && item.name.trim() === '';
  const unnamedId = `unnamed-${itemKey}`;

  return (
    <li
      ref={sortable.setNodeRef}
      className={`${styles.row} ${trailing ? styles.trailing : ''}`}
      data-item-key={itemKey}
      data-open={open || undefined}
      data-dragging={sortable.isDragging || undefined}
      style={{
        // Rows move up and down only.
        transform: CSS.Translate.toString(sortable.transform && { ...sortable.transform, x: 0 }),
        transition: sortable.transition,
      }}
    >
      <div className={styles.handle}>
        {!trailing && (
          <DragHandle
            labelledBy={reorderLabelId}
            attributes={sortable.attributes}
            listeners={sortable.listeners}
            setActivatorNodeRef={sortable.setActivatorNodeRef}
          />
        )}
      </div>
      <SuggestInput
        className={styles.input}
        wrapperClassName={styles.name}
        value={item.name}
        onValueChange={(value) => edit({ name: value })}
        suggestions={nameField.suggestions}
        onFocus={nameField.onFocus}
        onBlur={nameField.onBlur}
        listLabel="Suggested items"
        aria-label="Item name"
        // A row without a name is dropped on save (the spec's rule), its cost and note with it:
        // its empty name field says so.
        placeholder={trailing ? 'Add an item…' : NEEDS_NAME}
        aria-describedby={unnamed ? unnamedId : undefined}
        data-unnamed={unnamed || undefined}
        maxLength={200}
        data-item-name=""
      />
      <button
        type="button"
        className={`${styles.iconButton} ${styles.disclosure}`}
        aria-expanded={open}
        aria-controls={detailsId}
        aria-label={`Details of ${name}`}
        onClick={() => setOpen(!open)}
      >
        {CHEVRON}
      </button>
      {!trailing && (
        <p className={styles.summary}>
          {toPrice ? (
            <span className={styles.toPrice}>{PRICING_TEXT.toPrice}</span>
          ) : amount !== null ? (
            <span className={styles.amount}>{amount}</span>
          ) : (
            // Closed on a phone, the field's own error is out of sight: the row says so.
            <span className={styles.checkAmount}>Check the amount</span>
          )}
          <span>{costTypeLabel(item.costType)}</span>
          {item.selection && <span>Selection</span>}
        </p>
      )}
      {unnamed && (
        <span id={unnamedId} className="visually-hidden">
          {NEEDS_NAME}
        </span>
      )}
      <div id={detailsId} className={styles.details}>
        <CostInput
          className={styles.cost}
          label={`Cost of ${name}`}
          value={item.rawCost}
          onChange={editCost}
          toPrice={toPrice}
        />
        <select
          className={`${styles.input} ${styles.type}`}
          aria-label={`Cost type of ${name}`}
          value={item.costType === null ? '' : String(item.costType)}
          onChange={(event) => edit({ costType: toCostType(event.target.value) })}
        >
          <option value="">No type</option>
          {COST_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
        <label className={styles.selection} data-checked={item.selection || undefined}>
          <input
            type="checkbox"
            checked={item.selection}
            onChange={(event) => edit({ selection: event.target.checked })}
          />
          {BAG}
          <span>
            Selection<span className="visually-hidden"> for {name}</span>
          </span>
        </label>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.iconButton}
            aria-expanded={showNote}
            aria-controls={showNote ? noteId : undefined}
            aria-label={`Add note to ${name}`}
            data-active={item.note !== '' || undefined}
            onClick={() =>
              showNote ? document.getElementById(noteId)?.focus() : setNoteOpen(true)
            }
          >
            {NOTE}
          </button>
          {!trailing && (
            <button
              type="button"
              className={`${styles.iconButton} ${styles.remove}`}
              aria-label={`Remove item ${name}`}
              data-remove-item=""
              onClick={() => onRemove(item.key)}
            >
              {TRASH}
            </button>
          )}
        </div>
      </div>
      {showNote && (
        <input
          id={noteId}
          className={`${styles.input} ${styles.note}`}
          aria-label={`Note for ${name}`}
          // Opened by the note button: typing starts at once.
          autoFocus={noteOpen && item.note === ''}
          placeholder="Note for the homeowner (optional)"
          maxLength={5000}
          value={item.note}
          onChange={(event) => {
            // Cleared while typing, the field stays under the caret until it is left.
            setNoteOpen(true);
            edit({ note: event.target.value });
          }}
          onBlur={(event) => {
            if (event.target.value === '') setNoteOpen(false);
          }}
        />
      )}
      <span id={reorderLabelId} hidden>
        Reorder {name}
      </span>
    </li>
  );
});
