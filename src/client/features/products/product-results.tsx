import { useEffect, useRef } from 'react';
import type { ProposalCurrency } from '../../../shared/domain/currency';
import { useProductList } from './api';
import { mergePages, emptyMessage, resultsAnnouncement } from './catalogue-model';
import { ListFailure, ListLoading, LoadMore } from '../../ui/list-states';
import { errorText } from '../../lib/error-text';
import { CatalogueEmpty } from './catalogue-states';
import { ProductTile } from './product-tile';
import { useScrollSentinel } from './use-scroll-sentinel';
import styles from './product-results.module.css';

const NEW_TAB_NOTE_ID = 'catalogue-new-tab-note';

/** The catalogue for `terms` (docs/product/catalogue.md Product list): 8 a page, appended as the user scrolls. */
export function ProductResults({ terms, currency }: { terms: string; currency: ProposalCurrency }) {
  const list = useProductList(terms, currency);
  const products = list.data ? mergePages(list.data.pages) : [];
  const grid = useRef<HTMLUListElement>(null);
  const focusTileAt = useRef<number | null>(null);

  const canScrollLoad =
    list.hasNextPage && !list.isFetching && !list.isFetchNextPageError && !list.isError;
  const sentinel = useScrollSentinel(
    canScrollLoad,
    () => void list.fetchNextPage(),
    products.length,
  );

  // After 'Load more', focus moves to the first new tile so keyboard users carry on from there.
  useEffect(() => {
    const index = focusTileAt.current;
    if (index === null || products.length <= index) return;
    focusTileAt.current = null;
    grid.current?.children[index]?.querySelector('a')?.focus();
  }, [products.length]);

  const loadMore = () => {
    // Also when scrolling already asked for the page: its first tile is where focus belongs.
    focusTileAt.current = products.length;
    if (!list.isFetchingNextPage) void list.fetchNextPage();
  };

  // Until the new search answers, the previous results stay on screen, dimmed.
  const stale = list.isPlaceholderData;
  const announcement =
    list.isPending || stale
      ? ''
      : list.isError && !list.data
        ? ''
        : products.length === 0
          ? emptyMessage(terms)
          : resultsAnnouncement(products.length, list.hasNextPage);

  return (
    <section aria-labelledby="catalogue-results-title" aria-busy={list.isFetching || undefined}>
      <h2 id="catalogue-results-title" className="visually-hidden">
        {terms === '' ? 'Products' : `Products matching "${terms}"`}
      </h2>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {/* Every tile's link points here, rather than each title carrying the words. */}
      <p id={NEW_TAB_NOTE_ID} hidden>
        Opens the retailer&apos;s page in a new tab.
      </p>
      {list.isPending ? (
        <ListLoading label="Loading products…" />
      ) : list.isError && !list.data ? (
        <ListFailure
          message={errorText(list.error, 'The products could not be loaded.')}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : products.length === 0 ? (
        stale ? (
          <ListLoading label="Loading products…" />
        ) : (
          <CatalogueEmpty terms={terms} />
        )
      ) : (
        <>
          <ul ref={grid} className={stale ? `${styles.grid} ${styles.stale}` : styles.grid}>
            {products.map((product) => (
              <ProductTile key={product._id} product={product} newTabNoteId={NEW_TAB_NOTE_ID} />
            ))}
          </ul>
          {list.hasNextPage && !stale && (
            <>
              <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
              <LoadMore
                pending={list.isFetchingNextPage}
                error={
                  list.isFetchNextPageError
                    ? errorText(list.error, 'More products could not be loaded.')
                    : null
                }
                onLoad={loadMore}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
