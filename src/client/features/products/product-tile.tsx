import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { safeHref } from '../../../shared/domain/products';
import type { Product } from '../../../shared/schemas/products';
import { PriceTag } from '../../ui/price-tag';
import styles from './product-tile.module.css';

/**
 * One catalogue product: image, title, price and retailer host. The title's link is stretched
 * over the whole tile, so the tile opens the retailer page in a new tab while the price's info
 * button stays a separate control. Titles come from retailer pages: text only, and no link at all
 * unless the URL is http(s).
 */
interface ProductTileProps {
  product: Product;
  /** The hidden note 'opens in a new tab' that describes every tile's link. */
  newTabNoteId: string;
}

export function ProductTile({ product, newTabNoteId }: ProductTileProps) {
  const href = safeHref(product.url);
  return (
    <li className={href ? `${styles.tile} ${styles.linked}` : styles.tile}>
      <TileImage src={product.image} alt={product.title} />
      <div className={styles.body}>
        <h3 className={styles.title}>
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabNoteId}
              className={styles.link}
            >
              {product.title}
            </a>
          ) : (
            product.title
          )}
        </h3>
        <PriceTag priceCents={product.priceCents} currency={product.currency} />
        {product.hostname && <p className={styles.host}>{product.hostname}</p>}
      </div>
    </li>
  );
}

function TileImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={styles.media}>
      {src && !failed ? (
        <img
          className={styles.image}
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={400}
          height={400}
          onError={() => setFailed(true)}
        />
      ) : (
        <span className={styles.noImage}>
          <ImageOff size={28} aria-hidden="true" />
          <span className="visually-hidden">{`No image for ${alt}`}</span>
        </span>
      )}
    </div>
  );
}
