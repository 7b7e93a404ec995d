import { memo } from 'react';
import { showsImageBoard } from '../../../shared/domain/selections';
import type { ProposalAccess } from '../../../shared/schemas/proposal';
import type { SelectionGroup } from '../../../shared/schemas/selections';
import { AccordionItem } from '../../ui/accordion';
import { ImageBoard } from './image-board';
import { ItemCard, type ItemCardHandlers } from './item-card';
import type { PendingOption } from './use-add-option';
import styles from './shop-page.module.css';

const groupClasses = {
  item: styles.group,
  header: styles.groupHeader,
  trigger: styles.trigger,
  chevron: styles.chevron,
  content: styles.content,
};

interface GroupPanelProps {
  group: SelectionGroup;
  /** Loading cards by item; an item without any is not in it. */
  pendingByItem: ReadonlyMap<string, readonly PendingOption[]>;
  alerts: Readonly<Record<string, string>>;
  canEditNotes: boolean;
  canSave: boolean;
  /** The reader's role; null in a page-only copy (decision 0091). */
  role: ProposalAccess['role'] | null;
  handlers: ItemCardHandlers;
  /** The items the filter shows (open ones always), in the group's order. */
  visibleIds: ReadonlySet<string>;
  openIds: ReadonlySet<string>;
  /** Opens, scrolls to and focuses an item (an image board tile). */
  revealItem: (itemId: string) => void;
}

// One array for every item with nothing loading, so those cards see no change and skip rendering.
const NO_PENDING: readonly PendingOption[] = [];

export const groupTitle = (name: string) => name.trim() || 'Untitled group';

const countText = (withOptions: number, total: number) =>
  `${withOptions} of ${total} ${total === 1 ? 'item has' : 'items have'} options`;

/** One cost group's selection items in an accordion (docs/product/selections.md), with its image board when it has one. */
export const GroupPanel = memo(function GroupPanel(props: GroupPanelProps) {
  const { group, pendingByItem, alerts, canEditNotes, canSave, role, handlers, revealItem } = props;
  const { visibleIds, openIds } = props;
  const withOptions = group.items.filter((i) => i.options.length > 0).length;
  return (
    <AccordionItem
      value={group.id}
      headingLevel={2}
      title={
        <>
          <span className={styles.groupName}>{groupTitle(group.name)}</span>
          <span className={styles.groupCount}>{countText(withOptions, group.items.length)}</span>
        </>
      }
      classNames={groupClasses}
    >
      {showsImageBoard(group.items) && (
        <ImageBoard
          groupName={groupTitle(group.name)}
          items={group.items}
          revealItem={revealItem}
        />
      )}
      <div className={styles.items}>
        {group.items
          .filter((item) => visibleIds.has(item.id))
          .map((item) => (
            <ItemCard
              key={item.id}
              item={item}
              groupId={group.id}
              pending={pendingByItem.get(item.id) ?? NO_PENDING}
              alert={alerts[item.id]}
              canEditNote={canEditNotes}
              canSave={canSave}
              role={role}
              open={openIds.has(item.id)}
              handlers={handlers}
            />
          ))}
      </div>
    </AccordionItem>
  );
});
