import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LineAmount } from '../../ui/priced-amount';
import type { NumberedItem } from './plan-model';
import { Section } from './section';
import styles from './summary.module.css';

const countText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'} to choose`;

// An invitee's words load apart from the viewer (its first-load budget): nobody else needs them.
const InviteeShoppingLead = lazy(() =>
  import('./invitee-notes').then((m) => ({ default: m.InviteeShoppingLead })),
);

/** Shopping List (docs/product/viewer.md): count, what it is, 'Start Shopping →' and the selection items. */
export function ShoppingSection(props: {
  items: NumberedItem[];
  selectionsPath: string | null;
  /** An invitee suggests; the items are the homeowner's to choose (review 27 finding 11). */
  invitee: boolean;
}) {
  const { items, selectionsPath, invitee } = props;
  return (
    <Section
      id="shoppinglist"
      title="Shopping List"
      aside={<span className={styles.count}>{countText(items.length)}</span>}
    >
      {invitee ? (
        <Suspense fallback={null}>
          <InviteeShoppingLead />
        </Suspense>
      ) : (
        <p className={styles.lead}>
          These items are yours to choose: fixtures, finishes and appliances where the product is up
          to you. Each has a budget in the plan. On the selections page you can collect product
          options, compare them, ask your team and mark the one you want.
        </p>
      )}
      {selectionsPath && (
        <Link to={selectionsPath} className={`btn btn-accent ${styles.start}`}>
          Start Shopping →
        </Link>
      )}
      <ul className={styles.list} aria-label="Selection items">
        {items.map((item) => (
          <li key={item.id} className={styles.row}>
            <span className={styles.rowNumber}>{item.number}</span>
            <span className={styles.rowBody}>
              <span className={styles.rowName}>{item.name}</span>
              {item.note.trim() && <span className={styles.rowNote}>{item.note}</span>}
            </span>
            <LineAmount line={item} className={styles.amount} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
