import { Search } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { ProductResults } from './product-results';
import { useCatalogueSearch } from './use-catalogue-search';
import styles from './all-products-page.module.css';

/** /allProducts/ (docs/product/catalogue.md): the product catalogue, searchable, for everyone, logged in or not. */
export function Component() {
  const { input, setInput, terms, searchNow } = useCatalogueSearch();

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
      </form>
      <ProductResults terms={terms} />
    </div>
  );
}
