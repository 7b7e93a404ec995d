import { Archive, FileText, Inbox, SearchX } from 'lucide-react';
import { ListEmpty } from '../../ui/list-states';
import styles from './list-controls.module.css';

export function EmptyState({ isContractor }: { isContractor: boolean }) {
  return isContractor ? (
    <ListEmpty icon={<FileText size={26} aria-hidden="true" />} title="No proposals yet">
      Your first proposal takes a few minutes: add the project, your cost groups and the products to
      choose from, then send it to the homeowner to review and sign online.
    </ListEmpty>
  ) : (
    <ListEmpty icon={<Inbox size={26} aria-hidden="true" />} title="No proposals yet">
      When a contractor sends you a proposal, it will appear here. You can review the plan, choose
      products and sign, all in one place.
    </ListEmpty>
  );
}

export function ArchivedEmptyState() {
  return (
    <ListEmpty icon={<Archive size={26} aria-hidden="true" />} title="No archived proposals">
      Proposals you archive from their Options menu are kept here. The homeowner still has them.
    </ListEmpty>
  );
}

/** Nothing matches the search or status filter (decision 0096): say so, and offer the way back. */
export function NoMatchState({ archived, onClear }: { archived: boolean; onClear: () => void }) {
  return (
    <ListEmpty
      icon={<SearchX size={26} aria-hidden="true" />}
      title={archived ? 'No archived proposals match' : 'No proposals match'}
    >
      Nothing matches this search and status.
      <span className={styles.clear}>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClear}>
          Clear search and filters
        </button>
      </span>
    </ListEmpty>
  );
}
