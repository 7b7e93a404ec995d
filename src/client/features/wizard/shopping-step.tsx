import { memo } from 'react';
import { ShoppingBag } from 'lucide-react';
import { evaluateCost } from '../../../shared/domain/cost-expression';
import { movableItems, type EditorGroup } from '../../../shared/domain/plan-editor';
import { LineAmount } from '../../ui/priced-amount';
import { usePlanSelector } from '../plan-editor/plan-store';
import { scrollToAndFocus } from './scroll';
import { StepSection } from './step-section';
import { stepElementId, stepHeadingId } from './steps';
import styles from './shopping-step.module.css';

interface SelectionItem {
  key: string;
  name: string;
  note: string;
  groupName: string;
  cents: number;
  rawCost: string;
}

const groupSelections = new WeakMap<EditorGroup, SelectionItem[]>();

/** One group's selections, kept per group object: an edit elsewhere reuses them. */
function selectionsOf(group: EditorGroup): SelectionItem[] {
  let items = groupSelections.get(group);
  if (!items) {
    items = movableItems(group)
      .filter((item) => item.selection && item.name.trim() !== '')
      .map((item) => {
        const cost = evaluateCost(item.rawCost);
        return {
          key: item.key,
          name: item.name.trim(),
          note: item.note,
          groupName: group.name.trim(),
          cents: cost.ok ? cost.cents : 0,
          rawCost: item.rawCost,
        };
      });
    groupSelections.set(group, items);
  }
  return items;
}

/** The items of the plan flagged as selections (docs/product/proposals-editor.md), in plan order. */
export function selectionItems(groups: readonly EditorGroup[]): SelectionItem[] {
  return groups.flatMap(selectionsOf);
}

const sameItem = (a: SelectionItem, b: SelectionItem) =>
  a.key === b.key &&
  a.name === b.name &&
  a.note === b.note &&
  a.groupName === b.groupName &&
  a.cents === b.cents &&
  a.rawCost === b.rawCost;

const sameItems = (a: SelectionItem[], b: SelectionItem[]) =>
  a.length === b.length && a.every((item, i) => sameItem(item, b[i]!));

/**
 * Step 5: a preview of the shopping list, with a way back to the plan. It renders again only when
 * the list it shows changes, not on every keystroke in the plan (decision 0035).
 */
export const ShoppingStep = memo(function ShoppingStep() {
  const items = usePlanSelector((state) => selectionItems(state.groups), sameItems);
  return (
    <StepSection
      step="shoppinglist"
      lead="The products the homeowner chooses: every plan item marked as a Selection appears here, ready for product options."
    >
      {items.length === 0 ? (
        <p className={styles.emptyList}>
          <ShoppingBag size={20} aria-hidden="true" />
          No selections yet. In the plan, mark the items the homeowner picks, such as faucets, tile
          or light fixtures, as Selection.
        </p>
      ) : (
        <>
          <p className={styles.count}>
            {items.length} {items.length === 1 ? 'selection' : 'selections'}
          </p>
          <ul className={styles.shopList} aria-label="Shopping list">
            {items.map((item) => (
              <li key={item.key} className={styles.shopItem}>
                <span className={styles.shopName}>
                  {item.name}
                  <span className={styles.shopGroup}>{item.groupName}</span>
                  {item.note && <span className={styles.shopNote}>{item.note}</span>}
                </span>
                <LineAmount
                  line={{ rawCost: item.rawCost, costCents: item.cents }}
                  className={styles.shopCost}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={styles.editPlan}>
        <a
          href={`#${stepElementId('plan')}`}
          onClick={(event) => {
            event.preventDefault();
            scrollToAndFocus(stepElementId('plan'), stepHeadingId('plan'));
          }}
        >
          Edit plan
        </a>
      </p>
    </StepSection>
  );
});
