import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Archive, ArrowLeft, Plus } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useSession } from '../auth/api';
import { useProposalList } from '../proposals/api';
import { ListControls } from './list-controls';
import { apiListQuery, isNarrowed, readListQuery, resultsText, writeListQuery } from './list-query';
import { listItems } from './row-model';
import { ProposalList } from './proposal-list';
import styles from './dashboard-page.module.css';

/** /dashboard/: the signed-in user's proposals (docs/product/dashboard.md Dashboard). */
export function Component() {
  const { user } = useSession();
  const isContractor = user?.role === 'contractor';
  // Decision 0096: search, status and order in the URL; decision 0009: the archive, ?archived=1.
  const [search, setSearch] = useSearchParams();
  const query = readListQuery(search, isContractor);
  const archived = query.status === 'archived';
  const narrowed = isNarrowed(query);
  // The list's own query (one request, shared with the list below).
  const list = useProposalList(apiListQuery(query));
  // Someone only invited anywhere signs nothing (review 27): told from the whole list, which a
  // search would narrow, so a narrowed homeowner's list asks for it apart.
  const whole = useProposalList({}, !isContractor && narrowed);
  const told = narrowed ? whole : list;
  const rows = told.data ? listItems(told.data.pages) : [];
  const onlyInvited = rows.length > 0 && rows.every((r) => r.access.role === 'invitee');
  const searchBox = useRef<HTMLInputElement>(null);
  const lastPage = list.data?.pages[list.data.pages.length - 1];

  return (
    <div className={styles.page}>
      <title>{`Your proposals · ${PRODUCT_NAME}`}</title>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{archived ? 'Archived proposals' : 'Your proposals'}</h1>
          <p className={styles.lead}>
            {archived
              ? 'Hidden from your list. The homeowner and invited members still have them.'
              : isContractor
                ? 'Build, send and track proposals for your clients.'
                : onlyInvited
                  ? 'Proposals you were invited to: view them, shop for products and comment.'
                  : 'Proposals your contractors share with you, ready to review and sign.'}
          </p>
          {isContractor && (
            <Link
              to={archived ? paths.dashboard() : `${paths.dashboard()}?archived=1`}
              className={styles.archiveLink}
            >
              {archived ? (
                <ArrowLeft size={16} aria-hidden="true" />
              ) : (
                <Archive size={16} aria-hidden="true" />
              )}
              {archived ? 'Back to your proposals' : 'Archived proposals'}
            </Link>
          )}
        </div>
        {isContractor && !archived && (
          <Link to={paths.create()} className={styles.create}>
            <Plus size={18} aria-hidden="true" />
            Create New Proposal
          </Link>
        )}
      </header>
      {/* Nothing to find yet: the empty list's welcome says what to do instead. */}
      {(narrowed || archived || lastPage?.total !== 0) && (
        <ListControls
          query={query}
          isContractor={isContractor}
          searchRef={searchBox}
          results={lastPage ? resultsText(lastPage.total, narrowed) : null}
          onChange={(next, replace) => setSearch(writeListQuery(next), { replace })}
        />
      )}
      <ProposalList
        key={archived ? 'archived' : 'current'}
        filter={apiListQuery(query)}
        archived={archived}
        narrowed={narrowed}
        onClear={() => {
          setSearch(
            writeListQuery({ q: '', status: archived ? 'archived' : 'all', sort: query.sort }),
          );
          searchBox.current?.focus();
        }}
      />
    </div>
  );
}
