import type { ShopFilter } from './shop-model';
import styles from './shop-filters.module.css';

interface ShopFiltersProps {
  value: ShopFilter;
  counts: Record<ShopFilter, number>;
  onChange: (filter: ShopFilter) => void;
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
export function ShopFilters({ value, counts, onChange }: ShopFiltersProps) {
  return (
    <fieldset className={styles.filters}>
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
