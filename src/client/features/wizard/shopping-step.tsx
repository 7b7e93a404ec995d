import { memo } from 'react';
import { ShoppingBag } from 'lucide-react';
import { evaluateCost } from '../../../shared/domain/cost-expression';
import { movableItems, type EditorGroup } from '../../../shared/domain/plan-editor';
import { LineAmount } from '../../ui/priced-amount';
import { scrollToAndFocus } from './scroll';
import { StepSection } from './step-section';
import { stepElementId, stepHeadingId } from './steps';
import styles from './shopping-step.module.css';

/** The items of the plan flagged as selections (docs/product/proposals-editor.md), in plan order. */
export function selectionItems(groups: readonly EditorGroup[]) {
  return groups.flatMap((group) =>
    movableItems(group)
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
      }),
  );
}

/** Step 5: a preview of the shopping list, with a way back to the plan. */
export const ShoppingStep = memo(function ShoppingStep({ groups }: { groups: EditorGroup[] }) {
  const items = selectionItems(groups);
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
