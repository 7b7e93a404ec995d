import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { ExternalLink, PenLine, Search, X } from 'lucide-react';
import { itemAnchor } from '../../../shared/domain/selections';
import type { Product } from '../../../shared/schemas/products';
import type { Comment, Option, SelectionItem } from '../../../shared/schemas/selections';
import { AddByUrl } from './add-by-url';
import { Comments } from './comments';
import { ItemNote } from './item-note';
import { ItemSummary } from './item-summary';
import { OptionList } from './option-list';
import { focusItemHeading, focusOptionPosition, itemHeadingId } from './shop-focus';
import { useProposalCurrency } from '../../ui/currency-context';
import { catalogueSearchHref, mayChooseIn } from './shop-model';
import type { ProposalAccess } from '../../../shared/schemas/proposal';
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
  editComment: (itemId: string, comment: Comment, content: string) => Promise<void>;
  deleteComment: (itemId: string, comment: Comment) => Promise<void>;
  addByUrl: (itemId: string, groupId: string, url: string) => Promise<boolean>;
  /** Resolves true when the product is now an option of the item. */
  addCatalogueProduct: (itemId: string, groupId: string, product: Product) => Promise<boolean>;
  openManual: (itemId: string) => void;
  openEdit: (option: Option) => void;
  openFix: (itemId: string, option: Option) => void;
  confirmRemove: (itemId: string, option: Option) => void;
  dismissAlert: (itemId: string) => void;
  /** Shows a failure on the item's card, until dismissed. */
  notify: (itemId: string, message: string) => void;
  /** Opens or closes the item's board. */
  toggleItem: (itemId: string) => void;
};

interface ItemCardProps {
  item: SelectionItem;
  groupId: string;
  pending: readonly PendingOption[];
  alert: string | undefined;
  canEditNote: boolean;
  /** Changes are saved (a member); otherwise they stay in the page. */
  canSave: boolean;
  /** The reader's role, for who may change the item's choice (0091); null in a page-only copy. */
  role: ProposalAccess['role'] | null;
  /** Whether the item's board (options, add controls, suggestions, note, comments) is open. */
  open: boolean;
  handlers: ItemCardHandlers;
}

/**
 * One selection item (docs/product/selections.md, decision 0020): a compact card with its status
 * that opens into a board of its options side by side, ways to add more, suggestions, note and
 * comments.
 */
export const ItemCard = memo(function ItemCard({
  item,
  groupId,
  pending,
  alert,
  canEditNote,
  canSave,
  role,
  open,
  handlers,
}: ItemCardProps) {
  const currency = useProposalCurrency();
  const itemId = item.id;
  const headingId = itemHeadingId(itemId);
  const panelId = `${headingId}-board`;
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
  // Opened by its button: the options come into view whole, so two can be compared at once.
  const openedByUser = useRef(false);
  const boardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || !openedByUser.current) return;
    openedByUser.current = false;
    boardRef.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);
  const toggle = () => {
    openedByUser.current = !open;
    handlers.toggleItem(itemId);
  };

  return (
    <article
      ref={ref}
      id={itemAnchor(itemId)}
      className={styles.card}
      data-open={open || undefined}
      aria-labelledby={headingId}
    >
      <ItemSummary
        item={item}
        headingId={headingId}
        panelId={panelId}
        open={open}
        onToggle={toggle}
      />

      {alert && (
        <div role="alert" className={styles.alert}>
          <span>{alert}</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Dismiss message"
            onClick={() => {
              handlers.dismissAlert(itemId);
              // The button goes with its alert: the item's heading keeps the reader's place.
              focusItemHeading(itemId);
            }}
          >
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      )}

      {open && (
        <div id={panelId} className={styles.panel}>
          <div ref={boardRef} className={styles.board}>
            <OptionList
              itemName={item.name}
              options={item.options}
              pending={pending}
              mayChoose={mayChooseIn(item.options, role)}
              onReorder={(ids) => handlers.reorder(itemId, ids)}
              onCycle={(option) => handlers.cyclePosition(itemId, option)}
              onEdit={handlers.openEdit}
              onFix={canSave ? (option) => handlers.openFix(itemId, option) : undefined}
              onRemove={(option) => handlers.confirmRemove(itemId, option)}
            />
          </div>

          <div className={styles.add}>
            <div className={styles.url}>
              <AddByUrl
                unsentKey={`${itemId}:link`}
                onAdd={(url) => handlers.addByUrl(itemId, groupId, url)}
              />
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
                href={catalogueSearchHref(item.name, currency)}
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

          <div className={styles.lower}>
            <Suggestions
              itemName={item.name}
              productIds={productIds}
              enabled={near}
              onAdd={(product) => handlers.addCatalogueProduct(itemId, groupId, product)}
              focusOption={focusOption}
            />
            <div className={styles.talk}>
              <ItemNote
                itemName={item.name}
                note={item.note}
                canEdit={canEditNote}
                unsentKey={`${itemId}:note`}
                onSave={(note, expected) => handlers.saveNote(itemId, note, expected)}
                onFailedClosed={(message) => handlers.notify(itemId, message)}
              />
              <Comments
                itemName={item.name}
                comments={item.comments}
                canPost={canSave}
                unsentKey={`${itemId}:comment`}
                onPost={(content) => handlers.addComment(itemId, content)}
                onEdit={(comment, content) => handlers.editComment(itemId, comment, content)}
                onDelete={(comment) => handlers.deleteComment(itemId, comment)}
                onFailedClosed={(message) => handlers.notify(itemId, message)}
              />
            </div>
          </div>
        </div>
      )}
    </article>
  );
});
