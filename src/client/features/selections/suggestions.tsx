import { useEffect, useMemo, useRef, useState } from 'react';
import { ImageOff, Plus } from 'lucide-react';
import type { Product } from '../../../shared/schemas/products';
import { useSuggestions } from '../products/api';
import { PriceTag } from '../../ui/price-tag';
import { suggestionsToShow } from './shop-model';
import styles from './suggestions.module.css';

interface SuggestionsProps {
  itemName: string;
  /** The item's current products, which are never suggested again. */
  productIds: string[];
  /** Asks the server only once the item is near the screen. */
  enabled: boolean;
  /** Resolves true when the product is now an option of the item. */
  onAdd: (product: Product) => Promise<boolean>;
  /** Focus for when no suggestion is left after an add: the new option. */
  focusOption: (productId: string) => void;
}

/** Up to 4 catalogue products for the item's name (docs/product/selections.md), each added in one click. */
export function Suggestions(props: SuggestionsProps) {
  const { itemName, productIds, enabled, onAdd, focusOption } = props;
  const query = useSuggestions(itemName, productIds, enabled);
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  // After a one-click add, where the keyboard goes once the new option is on the page.
  const focusAfter = useRef<{ productId: string; index: number } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // The list stays while the next one loads, less what the item now has, so it does not jump.
  const products = useMemo(
    () => suggestionsToShow(query.data ?? [], productIds),
    [query.data, productIds],
  );

  // After every render: the option may arrive before or after the add's promise settles.
  useEffect(() => {
    const request = focusAfter.current;
    if (!request || !productIds.includes(request.productId)) return;
    focusAfter.current = null;
    // The clicked button is gone, so focus fell to <body>; anywhere else, the user moved on.
    const active = document.activeElement;
    if (active && active !== document.body && !listRef.current?.contains(active)) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = buttons[Math.min(request.index, buttons.length - 1)];
    if (next) next.focus();
    else focusOption(request.productId);
  });

  if (query.isError) {
    return <p className={styles.note}>Suggestions are not available right now.</p>;
  }
  if (products.length === 0) return null;

  const add = async (product: Product, index: number) => {
    setAdding((s) => new Set(s).add(product._id));
    try {
      if (await onAdd(product)) focusAfter.current = { productId: product._id, index };
    } finally {
      setAdding((s) => {
        const next = new Set(s);
        next.delete(product._id);
        return next;
      });
    }
  };

  return (
    <section className={styles.suggestions} aria-label={`Suggested products for ${itemName}`}>
      <h4 className={styles.heading}>Suggestions</h4>
      <ul ref={listRef} className={styles.list}>
        {products.map((product, index) => (
          <li key={product._id} className={styles.tile}>
            {product.image ? (
              <img src={product.image} alt="" loading="lazy" className={styles.image} />
            ) : (
              <span className={styles.noImage}>
                <ImageOff size={20} aria-hidden="true" />
              </span>
            )}
            <span className={styles.text}>
              <span className={styles.title}>{product.title}</span>
              <PriceTag priceCents={product.priceCents} currency={product.currency} />
            </span>
            <button
              type="button"
              className={`btn btn-secondary btn-sm ${styles.add}`}
              aria-label={`Add ${product.title}`}
              aria-disabled={adding.has(product._id) || undefined}
              onClick={() => {
                if (!adding.has(product._id)) void add(product, index);
              }}
            >
              <Plus size={16} aria-hidden="true" />
              Add
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
