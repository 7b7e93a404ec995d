import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Search } from 'lucide-react';
import { LIST_SEARCH_MAX, type ListSort } from '../../../shared/domain/dashboard-list';
import { SORT_CHOICES, STATUS_CHOICES, type ListQuery, type StatusChoice } from './list-query';
import styles from './list-controls.module.css';

/** Typing waits this long after the last key before the list is asked again. */
const SEARCH_DELAY_MS = 300;

interface ListControlsProps {
  query: ListQuery;
  isContractor: boolean;
  /** The count to announce, or null while none is known (first load, failed). */
  results: string | null;
  /** `replace`: typing replaces the history entry; a choice in a menu adds one, for Back. */
  onChange: (query: ListQuery, replace: boolean) => void;
  /** The search box, focused again when 'Clear search and filters' leaves the page. */
  searchRef: RefObject<HTMLInputElement | null>;
}

/** The dashboard's search box, status filter and order (decision 0096), above the list. */
export function ListControls(props: ListControlsProps) {
  const { query, isContractor, results, onChange, searchRef } = props;
  const id = useId();
  // What is typed, until it reaches the URL; a new URL (Back, 'Clear') shows its own text.
  const [draft, setDraft] = useState({ q: query.q, text: query.q });
  const text = draft.q === query.q ? draft.text : query.q;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The query as it is when a delayed search lands (Back may have moved it meanwhile).
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next !== latest.current.q) onChange({ ...latest.current, q: next }, true);
  };
  const choose = (patch: Partial<ListQuery>) => {
    clearTimeout(timer.current);
    onChange({ ...query, q: text, ...patch }, false);
  };

  return (
    <form
      role="search"
      aria-label="Find proposals"
      className={styles.controls}
      onSubmit={(event) => {
        event.preventDefault();
        commit(text);
      }}
    >
      <div className={styles.search}>
        <label htmlFor={`${id}-q`} className={styles.label}>
          Search
        </label>
        <span className={styles.searchBox}>
          <Search size={16} aria-hidden="true" className={styles.searchIcon} />
          <input
            id={`${id}-q`}
            ref={searchRef}
            type="search"
            className={styles.input}
            value={text}
            maxLength={LIST_SEARCH_MAX}
            placeholder={
              isContractor ? 'Project, homeowner or address' : 'Project, name or address'
            }
            autoComplete="off"
            onChange={(event) => {
              const next = event.target.value;
              setDraft({ q: query.q, text: next });
              clearTimeout(timer.current);
              timer.current = setTimeout(() => commit(next), SEARCH_DELAY_MS);
            }}
          />
        </span>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-status`} className={styles.label}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className={styles.select}
          value={query.status}
          onChange={(event) => choose({ status: event.target.value as StatusChoice })}
        >
          {STATUS_CHOICES.filter((c) => isContractor || c.value !== 'archived').map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-sort`} className={styles.label}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className={styles.select}
          value={query.sort}
          onChange={(event) => choose({ sort: event.target.value as ListSort })}
        >
          {SORT_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {/* Polite: a screen-reader user typing hears the count once the list has caught up. */}
      <p className={styles.results} role="status" aria-live="polite">
        {results}
      </p>
    </form>
  );
}
