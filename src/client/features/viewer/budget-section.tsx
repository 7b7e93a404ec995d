import { SELECTIONS_LABEL, TOTAL_LABEL, type Budget } from '../../../shared/domain/budget';
import { PRICING_TEXT, sumState } from '../../../shared/domain/pricing';
import { SumAmount } from '../../ui/priced-amount';
import { Section } from './section';
import styles from './summary.module.css';

/**
 * Budget (docs/product/viewer.md): a subtotal per cost type, Selections and the Total. Selections is part of the
 * lines above and is not added to the Total (see shared/domain/budget.ts); the table says so.
 */
export function BudgetSection({ budget }: { budget: Budget }) {
  return (
    <Section id="budget" title="Budget">
      <table className={styles.table} aria-describedby="budget-note">
        <caption className="visually-hidden">Budget by cost type</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Cost type</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {budget.lines.map((line) => (
            <tr
              key={line.costType}
              className={
                sumState(line.pricing) === 'priced' || sumState(line.pricing) === 'partial'
                  ? undefined
                  : styles.zero
              }
            >
              <th scope="row">{line.label}</th>
              <td>
                <SumAmount sum={line.pricing} />
              </td>
            </tr>
          ))}
        </tbody>
        <tbody>
          <tr className={styles.selections}>
            <th scope="row">
              {SELECTIONS_LABEL} <span className={styles.included}>(included above)</span>
            </th>
            <td>
              <SumAmount sum={budget.selectionsPricing} />
            </td>
          </tr>
          <tr className={styles.total}>
            <th scope="row">{TOTAL_LABEL}</th>
            <td>
              <SumAmount sum={budget.totalPricing} emptyText={PRICING_TEXT.notPricedYet} />
            </td>
          </tr>
        </tbody>
      </table>
      <p id="budget-note" className={styles.footnote}>
        Selections are the products you choose. Their budgets are already counted in the lines
        above, so they are not added to the Total again; they are shown separately so you can see
        how much of the Total depends on your choices.
      </p>
    </Section>
  );
}
