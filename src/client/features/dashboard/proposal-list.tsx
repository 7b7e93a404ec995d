import { useEffect, useRef, useState } from 'react';
import { useSession } from '../auth/api';
import { useContractors, useProposalList, type ProposalListFilter } from '../proposals/api';
import { DashboardDialogsView } from './dashboard-dialogs';
import { useDashboardDialogs } from './dialog-state';
import { errorText, HIDE_FAULTS } from '../../lib/error-text';
import { ListFailure, ListLoading, LoadMore } from '../../ui/list-states';
import { ArchivedEmptyState, EmptyState, NoMatchState } from './list-states';
import type { RowAction } from './menu-entry-item';
import { ProposalRow } from './proposal-row';
import { listItems, rowNames } from './row-model';
import { StatusBanner } from './status-banner';
import styles from './proposal-list.module.css';

const LOAD_FAILED = 'Your proposals could not be loaded.';

/** The caller's proposals (docs/product/dashboard.md Dashboard), 25 at a time, with each row's Options and dialogs. */
export function ProposalList(props: {
  /** What the list asks the server for (decision 0096). */
  filter: ProposalListFilter;
  archived: boolean;
  /** A search or status filter narrows the list: an empty one offers to clear them. */
  narrowed: boolean;
  onClear: () => void;
}) {
  const { archived, narrowed } = props;
  const { user } = useSession();
  const list = useProposalList(props.filter);
  const canReassign = user?.reassign === 'granted';
  // Fetched ahead (only with the permission, docs/product/roles.md) so 'Reassign' opens on a ready list.
  useContractors(canReassign);
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = useRef<HTMLUListElement>(null);
  const focusRowAt = useRef<number | null>(null);
  const dialogs = useDashboardDialogs(heading);
  const [message, setMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState('');

  const items = list.data ? listItems(list.data.pages) : [];
  const names = rowNames(items);

  // After 'Load more', focus moves to the first new row so keyboard users carry on from there.
  useEffect(() => {
    const index = focusRowAt.current;
    if (index === null || items.length <= index) return;
    focusRowAt.current = null;
    rows.current?.querySelectorAll<HTMLElement>('[data-row-link]')[index]?.focus();
  }, [items.length]);

  const onDialogAction = (
    kind: Exclude<RowAction, 'duplicate'>,
    item: (typeof items)[number],
    returnFocus: HTMLElement | null,
  ) => {
    setMessage(null);
    dialogs.open({ kind, item, returnFocus });
  };

  const loadMore = () => {
    if (list.isFetchingNextPage) return;
    focusRowAt.current = items.length;
    void list.fetchNextPage();
  };

  return (
    <>
      <StatusBanner message={message} progress={progress} onDismiss={() => setMessage(null)} />
      <section
        className={styles.list}
        aria-labelledby="proposal-list-title"
        // Another filter's rows are on screen until its own arrive.
        aria-busy={list.isPlaceholderData}
        data-stale={list.isPlaceholderData ? '' : undefined}
      >
        <h2 id="proposal-list-title" ref={heading} tabIndex={-1} className="visually-hidden">
          Proposals
        </h2>
        {list.isPending ? (
          <ListLoading label="Loading your proposals…" />
        ) : list.isError && !list.data ? (
          <ListFailure
            message={errorText(list.error, LOAD_FAILED, HIDE_FAULTS)}
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        ) : items.length === 0 ? (
          narrowed ? (
            <NoMatchState archived={archived} onClear={props.onClear} />
          ) : archived ? (
            <ArchivedEmptyState />
          ) : (
            <EmptyState isContractor={user?.role === 'contractor'} />
          )
        ) : (
          <>
            {list.isRefetchError && (
              <ListFailure
                compact
                message={errorText(
                  list.error,
                  'Your proposals could not be refreshed.',
                  HIDE_FAULTS,
                )}
                retrying={list.isFetching}
                onRetry={() => void list.refetch()}
              />
            )}
            <div className={styles.columns} aria-hidden="true">
              <span>Project</span>
              <span>Prepared by</span>
              <span>Status</span>
            </div>
            <ul ref={rows} className={styles.rows}>
              {items.map((item) => (
                <ProposalRow
                  key={item._id}
                  item={item}
                  names={names.get(item._id) ?? { options: 'Options', place: null }}
                  canReassign={canReassign}
                  onDialogAction={(action, trigger) => onDialogAction(action, item, trigger)}
                  onProgress={setProgress}
                  onError={(title, text, returnFocus) =>
                    dialogs.open({ kind: 'notice', title, message: text, returnFocus })
                  }
                />
              ))}
            </ul>
            {list.hasNextPage && (
              <LoadMore
                pending={list.isFetchingNextPage}
                error={
                  list.isFetchNextPageError
                    ? errorText(list.error, 'More proposals could not be loaded.', HIDE_FAULTS)
                    : null
                }
                onLoad={loadMore}
                className={styles.more}
              />
            )}
          </>
        )}
      </section>
      <DashboardDialogsView dialogs={dialogs} onDone={setMessage} />
    </>
  );
}
