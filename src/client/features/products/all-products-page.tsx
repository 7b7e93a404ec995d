import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { CURRENCY_LABELS, PROPOSAL_CURRENCIES } from '../../../shared/domain/currency';
import { CurrencyProvider } from '../../ui/currency-context';
import { currencyFromParams, withCurrency } from './catalogue-model';
import { ProductResults } from './product-results';
import { useCatalogueSearch } from './use-catalogue-search';
import styles from './all-products-page.module.css';

/** /allProducts/ (docs/product/catalogue.md): the product catalogue, searchable, for everyone, logged in or not. */
export function Component() {
  const { input, setInput, terms, searchNow } = useCatalogueSearch();
  // No proposal here: the visitor picks the currency to compare in (decision 0021), kept in the URL.
  const [params, setParams] = useSearchParams();
  const currency = currencyFromParams(params);

  return (
    <div className={styles.page}>
      <title>
        {terms ? `${terms} · All Products · ${PRODUCT_NAME}` : `All Products · ${PRODUCT_NAME}`}
      </title>
      <header className={styles.header}>
        <h1 className={styles.title}>All Products</h1>
        <p className={styles.lead}>
          Fixtures, finishes and appliances from retailers. Open a product to see it on the
          retailer&apos;s site.
        </p>
      </header>
      <form
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          searchNow();
        }}
      >
        <div className={styles.control}>
          <label htmlFor="catalogue-search" className={styles.label}>
            Search products
          </label>
          <div className={styles.field}>
            <Search size={18} aria-hidden="true" className={styles.icon} />
            <input
              id="catalogue-search"
              type="search"
              className={styles.input}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              placeholder="Faucets, tile, pendant lights…"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
            />
          </div>
        </div>
        <div className={styles.control}>
          <label htmlFor="catalogue-currency" className={styles.label}>
            Compare prices in
          </label>
          <select
            id="catalogue-currency"
            className={styles.currency}
            value={currency}
            onChange={(event) => {
              const picked = currencyFromParams(
                new URLSearchParams({ currency: event.target.value }),
              );
              setParams((current) => withCurrency(current, picked), {
                replace: true,
                preventScrollReset: true,
              });
            }}
          >
            {PROPOSAL_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {CURRENCY_LABELS[code]}
              </option>
            ))}
          </select>
        </div>
      </form>
      <CurrencyProvider currency={currency}>
        <ProductResults terms={terms} currency={currency} />
      </CurrencyProvider>
    </div>
  );
}
