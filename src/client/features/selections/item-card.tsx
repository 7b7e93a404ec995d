import { memo, useCallback, useMemo } from 'react';
import { ExternalLink, PenLine, Search, X } from 'lucide-react';
import { useFormatMoney } from '../../ui/currency-context';
import { itemAnchor } from '../../../shared/domain/selections';
import type { Product } from '../../../shared/schemas/products';
import type { Option, SelectionItem } from '../../../shared/schemas/selections';
import { AddByUrl } from './add-by-url';
import { Comments } from './comments';
import { ItemNote } from './item-note';
import { OptionList } from './option-list';
import { focusOptionPosition, itemHeadingId } from './shop-focus';
import { catalogueSearchHref } from './shop-model';
import { Suggestions } from './suggestions';
import { useNearViewport } from './use-near-viewport';
import type { PendingOption } from './use-add-option';
import styles from './item-card.module.css';

export { itemHeadingId };

/**
 * What an item card can ask of the page. The page hands every card the same object for its whole
 * life, so a change to one item re-renders that item's card only.
 */
export type ItemCardHandlers = {
  cyclePosition: (itemId: string, option: Option) => void;
  reorder: (itemId: string, optionIds: string[]) => void;
  saveNote: (itemId: string, note: string, expected: string) => Promise<void>;
  addComment: (itemId: string, content: string) => Promise<void>;
  addByUrl: (itemId: string, groupId: string, url: string) => Promise<void>;
  /** Resolves true when the product is now an option of the item. */
  addCatalogueProduct: (itemId: string, groupId: string, product: Product) => Promise<boolean>;
  openManual: (itemId: string) => void;
  openEdit: (option: Option) => void;
  openFix: (itemId: string, option: Option) => void;
  confirmRemove: (itemId: string, option: Option) => void;
  dismissAlert: (itemId: string) => void;
};

interface ItemCardProps {
  item: SelectionItem;
  groupId: string;
  pending: readonly PendingOption[];
  alert: string | undefined;
  canEditNote: boolean;
  /** Changes are saved (a member); otherwise they stay in the page. */
  canSave: boolean;
  handlers: ItemCardHandlers;
}

/** One selection item (docs/product/selections.md): its options, ways to add more, suggestions, note and comments. */
export const ItemCard = memo(function ItemCard({
  item,
  groupId,
  pending,
  alert,
  canEditNote,
  canSave,
  handlers,
}: ItemCardProps) {
  const formatMoney = useFormatMoney();
  const itemId = item.id;
  const headingId = itemHeadingId(itemId);
  // Suggestions are asked for once the card nears the screen, not for every item on load.
  const { ref, near } = useNearViewport<HTMLElement>();
  const productIds = useMemo(() => item.options.map((o) => o.productId), [item.options]);
  const focusOption = useCallback(
    (productId: string) => {
      if (!focusOptionPosition(itemId, { productId })) {
        document.getElementById(headingId)?.focus();
      }
    },
    [itemId, headingId],
  );

  return (
    <article ref={ref} id={itemAnchor(itemId)} className={styles.card} aria-labelledby={headingId}>
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
        onSave={(note, expected) => handlers.saveNote(itemId, note, expected)}
      />

      {alert && (
        <div role="alert" className={styles.alert}>
          <span>{alert}</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Dismiss message"
            onClick={() => handlers.dismissAlert(itemId)}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      )}

      <OptionList
        itemName={item.name}
        options={item.options}
        pending={pending}
        onReorder={(ids) => handlers.reorder(itemId, ids)}
        onCycle={(option) => handlers.cyclePosition(itemId, option)}
        onEdit={handlers.openEdit}
        onFix={canSave ? (option) => handlers.openFix(itemId, option) : undefined}
        onRemove={(option) => handlers.confirmRemove(itemId, option)}
      />

      <div className={styles.add}>
        <div className={styles.url}>
          <AddByUrl onAdd={(url) => void handlers.addByUrl(itemId, groupId, url)} />
        </div>
        <div className={styles.more}>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => handlers.openManual(itemId)}
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
        productIds={productIds}
        enabled={near}
        onAdd={(product) => handlers.addCatalogueProduct(itemId, groupId, product)}
        focusOption={focusOption}
      />

      <Comments
        comments={item.comments}
        canPost={canSave}
        onPost={(content) => handlers.addComment(itemId, content)}
      />
    </article>
  );
});
