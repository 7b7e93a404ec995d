import { ChevronDown, ImageOff, MessageSquare, Shapes } from 'lucide-react';
import type { SelectionItem } from '../../../shared/schemas/selections';
import { useFormatMoney } from '../../ui/currency-context';
import { PriceTag } from '../../ui/price-tag';
import { ChosenBy } from './chosen-by';
import { itemStatus, type ItemStatus } from './shop-model';
import styles from './item-card.module.css';

export const STATUS_TEXT: Record<ItemStatus, string> = {
  none: 'No options yet',
  options: 'To choose',
  chosen: 'Chosen',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface ItemSummaryProps {
  item: SelectionItem;
  headingId: string;
  panelId: string;
  open: boolean;
  onToggle: () => void;
}

/**
 * The closed card of a selection item (decision 0020): its name as the button that opens it,
 * its status, the chosen option's photo, name and price, and how many options and comments it
 * has. The meta column keeps room for an allowance figure and a live-update badge.
 */
export function ItemSummary({ item, headingId, panelId, open, onToggle }: ItemSummaryProps) {
  const formatMoney = useFormatMoney();
  const status = itemStatus(item);
  const chosen = item.options.find((o) => o.position === 'chosen');
  const detailsId = `${headingId}-details`;
  return (
    <div className={styles.summary} data-status={status}>
      <span className={styles.thumb}>
        {chosen?.product.image ? (
          <img src={chosen.product.image} alt="" loading="lazy" className={styles.thumbImage} />
        ) : (
          <ImageOff size={20} aria-hidden="true" />
        )}
      </span>
      <h3 id={headingId} className={styles.name} tabIndex={-1}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-describedby={detailsId}
          onClick={onToggle}
        >
          {item.name}
        </button>
      </h3>
      <div id={detailsId} className={styles.details}>
        <span className={styles.status} data-status={status}>
          {STATUS_TEXT[status]}
        </span>
        {chosen && (
          <span className={styles.chosen}>
            <span className={styles.chosenTitle}>{chosen.product.title}</span>
            <PriceTag
              priceCents={chosen.product.priceCents}
              currency={chosen.product.currency}
              className={styles.chosenPrice}
            />
            <ChosenBy option={chosen} className={styles.chosenBy} />
          </span>
        )}
        <span className={styles.counts}>
          <span className={styles.count}>
            <Shapes size={14} aria-hidden="true" />
            {plural(item.options.length, 'option', 'options')}
          </span>
          <span className={styles.count}>
            <MessageSquare size={14} aria-hidden="true" />
            {plural(item.comments.length, 'comment', 'comments')}
          </span>
        </span>
      </div>
      <span className={styles.meta}>
        {/*
         * The plan's figure, so the two screens agree: a credit keeps its minus. The shop knows
         * only the cents, so 0 may be an item never priced (0022): it reads as no budget, never
         * as a $0.00 one (docs/product/selections.md).
         */}
        {item.costCents !== 0 && (
          <span className={styles.budget}>
            <span className={styles.budgetLabel}>Budget</span> {formatMoney(item.costCents)}
          </span>
        )}
      </span>
      <ChevronDown size={20} aria-hidden="true" className={styles.chevron} />
    </div>
  );
}
