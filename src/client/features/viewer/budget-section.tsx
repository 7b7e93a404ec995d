import { SELECTIONS_LABEL, TOTAL_LABEL, type Budget } from '../../../shared/domain/budget';
import { useFormatMoney } from '../../ui/currency-context';
import { Section } from './section';
import styles from './summary.module.css';

/**
 * Budget (docs/product/viewer.md): a subtotal per cost type, Selections and the Total. Selections is part of the
 * lines above and is not added to the Total (see shared/domain/budget.ts); the table says so.
 */
export function BudgetSection({ budget }: { budget: Budget }) {
  const formatMoney = useFormatMoney();
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
            <tr key={line.costType} className={line.cents === 0 ? styles.zero : undefined}>
              <th scope="row">{line.label}</th>
              <td>{formatMoney(line.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tbody>
          <tr className={styles.selections}>
            <th scope="row">
              {SELECTIONS_LABEL} <span className={styles.included}>(included above)</span>
            </th>
            <td>{formatMoney(budget.selectionsCents)}</td>
          </tr>
          <tr className={styles.total}>
            <th scope="row">{TOTAL_LABEL}</th>
            <td>{formatMoney(budget.totalCents)}</td>
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
