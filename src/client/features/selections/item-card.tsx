import { ExternalLink, PenLine, Search, X } from 'lucide-react';
import { formatMoney } from '../../../shared/domain/money';
import { itemAnchor } from '../../../shared/domain/selections';
import type { Product } from '../../../shared/schemas/products';
import type { Option, SelectionItem } from '../../../shared/schemas/selections';
import { AddByUrl } from './add-by-url';
import { Comments } from './comments';
import { ItemNote } from './item-note';
import { OptionList } from './option-list';
import { catalogueSearchHref } from './shop-model';
import { Suggestions } from './suggestions';
import type { PendingOption } from './use-add-option';
import type { ShopActions } from './use-shop-actions';
import styles from './item-card.module.css';

export interface ItemCardHandlers {
  actions: ShopActions;
  addByUrl: (itemId: string, groupId: string, url: string) => Promise<void>;
  addCatalogueProduct: (itemId: string, groupId: string, product: Product) => Promise<void>;
  openManual: (itemId: string) => void;
  openEdit: (option: Option) => void;
  confirmRemove: (itemId: string, option: Option) => void;
  dismissAlert: (itemId: string) => void;
}

interface ItemCardProps {
  item: SelectionItem;
  groupId: string;
  pending: PendingOption[];
  alert: string | undefined;
  canEditNote: boolean;
  handlers: ItemCardHandlers;
}

/** The heading an item anchor moves focus to. */
export const itemHeadingId = (itemId: string) => `item-heading-${itemId}`;

/** One selection item (§2): its options, ways to add more, suggestions, note and comments. */
export function ItemCard({ item, groupId, pending, alert, canEditNote, handlers }: ItemCardProps) {
  const { actions } = handlers;
  const headingId = itemHeadingId(item.id);
  return (
    <article id={itemAnchor(item.id)} className={styles.card} aria-labelledby={headingId}>
      <header className={styles.head}>
        <h3 id={headingId} className={styles.name} tabIndex={-1}>
          {item.name}
        </h3>
        <span className={styles.budget}>
          <span className={styles.budgetLabel}>Budget</span> {formatMoney(item.costCents)}
        </span>
      </header>

      <ItemNote
        note={item.note}
        canEdit={canEditNote}
        onSave={(note, expected) => actions.saveNote(item.id, note, expected)}
      />

      {alert && (
        <div role="alert" className={styles.alert}>
          <span>{alert}</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Dismiss message"
            onClick={() => handlers.dismissAlert(item.id)}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      )}

      <OptionList
        itemName={item.name}
        options={item.options}
        pending={pending}
        onReorder={(ids) => actions.reorder(item.id, ids)}
        onCycle={(option) => actions.cyclePosition(item.id, option)}
        onEdit={handlers.openEdit}
        onRemove={(option) => handlers.confirmRemove(item.id, option)}
      />

      <div className={styles.add}>
        <div className={styles.url}>
          <AddByUrl onAdd={(url) => void handlers.addByUrl(item.id, groupId, url)} />
        </div>
        <div className={styles.more}>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => handlers.openManual(item.id)}
          >
            <PenLine size={16} aria-hidden="true" />
            Add manually
          </button>
          <a
            href={catalogueSearchHref(item.name)}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.search}
          >
            <Search size={16} aria-hidden="true" />
            Search products
            <ExternalLink size={14} aria-hidden="true" />
            <span className="visually-hidden"> for {item.name} (opens in a new tab)</span>
          </a>
        </div>
      </div>

      <Suggestions
        itemName={item.name}
        productIds={item.options.map((o) => o.productId)}
        onAdd={(product) => handlers.addCatalogueProduct(item.id, groupId, product)}
      />

      <Comments
        comments={item.comments}
        canPost
        onPost={(content) => actions.addComment(item.id, content)}
      />
    </article>
  );
}
