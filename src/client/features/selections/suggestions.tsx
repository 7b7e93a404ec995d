import { useState } from 'react';
import { ImageOff, Plus } from 'lucide-react';
import type { Product } from '../../../shared/schemas/products';
import { useSuggestions } from '../products/api';
import { PriceTag } from '../../ui/price-tag';
import styles from './suggestions.module.css';

interface SuggestionsProps {
  itemName: string;
  /** The item's current products, which are never suggested again. */
  productIds: string[];
  onAdd: (product: Product) => Promise<void>;
}

/** Up to 4 catalogue products for the item's name (§2), each added in one click. */
export function Suggestions({ itemName, productIds, onAdd }: SuggestionsProps) {
  const query = useSuggestions(itemName, productIds);
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());

  if (query.isError) {
    return <p className={styles.note}>Suggestions are not available right now.</p>;
  }
  const products = query.data ?? [];
  if (products.length === 0) return null;

  const add = async (product: Product) => {
    setAdding((s) => new Set(s).add(product._id));
    try {
      await onAdd(product);
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
      <ul className={styles.list}>
        {products.map((product) => (
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
                if (!adding.has(product._id)) void add(product);
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
