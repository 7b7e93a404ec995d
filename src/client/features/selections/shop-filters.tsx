import type { FocusEvent } from 'react';
import type { ShopFilter } from './shop-model';
import styles from './shop-filters.module.css';

interface ShopFiltersProps {
  value: ShopFilter;
  counts: Record<ShopFilter, number>;
  onChange: (filter: ShopFilter) => void;
  /** Focus came into the filters, or left them: one filtering begins or ends. */
  onEnter?: () => void;
  onLeave?: () => void;
}

const FILTERS: { value: ShopFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'toChoose', label: 'To choose' },
  { value: 'chosen', label: 'Chosen' },
];

/**
 * Which items the page lists (decision 0020): a segmented control made of native radio buttons,
 * so Tab reaches the group once and the arrow keys move between the filters.
 */
export function ShopFilters({ value, counts, onChange, onEnter, onLeave }: ShopFiltersProps) {
  const crossing = (event: FocusEvent<HTMLFieldSetElement>) =>
    !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget));
  return (
    <fieldset
      className={styles.filters}
      onFocus={(event) => crossing(event) && onEnter?.()}
      onBlur={(event) => crossing(event) && onLeave?.()}
    >
      <legend className="visually-hidden">Show items</legend>
      {FILTERS.map((filter) => (
        <label key={filter.value} className={styles.option}>
          <input
            type="radio"
            name="shop-filter"
            value={filter.value}
            checked={value === filter.value}
            onChange={() => onChange(filter.value)}
            className={styles.input}
          />
          <span className={styles.label}>
            {filter.label} <span className={styles.count}>{counts[filter.value]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
