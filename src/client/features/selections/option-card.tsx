import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ExternalLink, ImageOff, Pencil, Trash2, Wrench } from 'lucide-react';
import { hostnameOf, safeHref } from '../../../shared/domain/products';
import { choiceLabel } from '../../../shared/domain/selections';
import type { Option } from '../../../shared/schemas/selections';
import { DragHandle } from '../plan-editor/drag-handle';
import { ChosenBy } from './chosen-by';
import { PositionButton } from './position-button';
import { PriceTag } from '../../ui/price-tag';
import styles from './option-card.module.css';

interface OptionCardProps {
  option: Option;
  index: number;
  count: number;
  /** May change the item's choice (decision 0091). */
  mayChoose: boolean;
  onCycle: (option: Option) => void;
  onEdit: (option: Option) => void;
  /** Offered for a shared (clipped or catalogue) product when changes are saved. */
  onFix?: (option: Option) => void;
  onRemove: (option: Option) => void;
}

/** One product option of an item (docs/product/selections.md): its rank, picture, title, price, shop and position. */
export function OptionCard(props: OptionCardProps) {
  const { option, index, count, mayChoose, onCycle, onEdit, onFix, onRemove } = props;
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: option.id, disabled: count < 2 });
  const { product } = option;
  // Retailer pages are strangers' input: only an http(s) URL becomes a link.
  const href = safeHref(product.url);
  const hostname = product.hostname || hostnameOf(product.url);

  return (
    <li
      ref={setNodeRef}
      className={styles.card}
      data-position={option.position}
      data-option-id={option.id}
      data-product-id={option.productId}
      data-dragging={isDragging || undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
      }}
    >
      <div className={styles.top}>
        <span className={styles.rank}>{choiceLabel(index, count)}</span>
        {count > 1 && (
          <DragHandle
            label={`Reorder ${product.title}`}
            attributes={attributes}
            listeners={listeners}
            setActivatorNodeRef={setActivatorNodeRef}
          />
        )}
      </div>
      <div className={styles.imageBox}>
        {product.image ? (
          // Decorative: the title is right beside it, so a screen reader would hear it twice.
          <img src={product.image} alt="" loading="lazy" className={styles.image} />
        ) : (
          <span className={styles.noImage}>
            <ImageOff size={28} aria-hidden="true" />
            No image
          </span>
        )}
      </div>
      <h4 className={styles.title}>{product.title}</h4>
      {/* Its own row, so prices line up across the board whatever the titles' lengths. */}
      <div className={styles.body}>
        <PriceTag priceCents={product.priceCents} currency={product.currency} />
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className={styles.shop}>
            {hostname || 'Visit the shop'}
            <ExternalLink size={14} aria-hidden="true" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          hostname && <span className={styles.shopText}>{hostname}</span>
        )}
        <ChosenBy option={option} className={styles.chosenBy} />
        {option.addedBy && <span className={styles.addedBy}>Added by {option.addedBy}</span>}
      </div>
      <div className={styles.actions}>
        <PositionButton
          position={option.position}
          productTitle={product.title}
          mayChoose={mayChoose}
          onCycle={() => onCycle(option)}
        />
        {product.canEdit && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Edit ${product.title}`}
            title="Edit"
            onClick={() => onEdit(option)}
          >
            <Pencil size={16} aria-hidden="true" />
          </button>
        )}
        {onFix && !product.manual && option.canRemove && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Fix details of ${product.title}`}
            title="Fix details"
            onClick={() => onFix(option)}
          >
            <Wrench size={16} aria-hidden="true" />
          </button>
        )}
        {option.canRemove && (
          <button
            type="button"
            className={`${styles.iconButton} ${styles.remove}`}
            aria-label={`Remove ${product.title}`}
            title="Remove"
            onClick={() => onRemove(option)}
          >
            <Trash2 size={16} aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
}
