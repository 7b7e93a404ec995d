import { Link } from 'react-router';
import { Info, ShoppingBag } from 'lucide-react';
import { costTypeLabel } from '../../../shared/domain/cost-types';
import { AccordionItemOnUse as AccordionItem } from '../../ui/accordion-on-use';
import { LineAmount, SumAmount } from '../../ui/priced-amount';
import { Files } from './files';
import { usePresetHelp } from './preset-help';
import { selectionHash, type NumberedGroup, type NumberedItem } from './plan-model';
import { Paragraphs } from './section';
import styles from './plan.module.css';

const groupClasses = {
  item: styles.group,
  header: styles.groupHeader,
  trigger: styles.trigger,
  chevron: styles.chevron,
  content: styles.content,
};

const groupTitle = (group: NumberedGroup) => group.name.trim() || 'Untitled group';

/** One cost group: header with number, name and subtotal; help, note, items and images inside. */
export function PlanGroup(props: { group: NumberedGroup; selectionsPath: string | null }) {
  const { group } = props;
  return (
    <AccordionItem
      value={group.id}
      title={
        <>
          <span className={styles.groupName}>
            <span className={styles.groupNumber}>{group.number}.</span> {groupTitle(group)}
          </span>
          <SumAmount sum={group.pricing} className={styles.subtotal} />
        </>
      }
      classNames={groupClasses}
    >
      <GroupHelp name={group.name} />
      {group.note.trim() && <Paragraphs text={group.note} className={styles.groupNote} />}
      {group.items.length > 0 ? (
        <ol className={styles.items} aria-label={`Items of ${groupTitle(group)}`}>
          {group.items.map((item) => (
            <ItemRow key={item.id} item={item} selectionsPath={props.selectionsPath} />
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>No items in this group.</p>
      )}
      {group.images.length > 0 && (
        <div className={styles.images}>
          <Files files={group.images} label={groupTitle(group)} />
        </div>
      )}
    </AccordionItem>
  );
}

/** Rendered only inside an opened group, so the help texts load when the first group opens. */
function GroupHelp({ name }: { name: string }) {
  const help = usePresetHelp(name);
  if (!help) return null;
  return (
    <p className={styles.help}>
      <Info size={18} aria-hidden="true" />
      <span>{help}</span>
    </p>
  );
}

function ItemRow({ item, selectionsPath }: { item: NumberedItem; selectionsPath: string | null }) {
  const nameId = `item-${item.id}`;
  return (
    <li className={styles.item}>
      <span className={styles.itemNumber}>{item.number}</span>
      <div className={styles.itemBody}>
        <span id={nameId} className={styles.itemName}>
          {item.name}
        </span>
        <span className={styles.itemMeta}>
          <span>{costTypeLabel(item.costType)}</span>
          {item.selection && selectionsPath && (
            <Link
              to={`${selectionsPath}#${selectionHash(item.id)}`}
              className={styles.selected}
              aria-describedby={nameId}
            >
              <ShoppingBag size={14} aria-hidden="true" />
              Selected
            </Link>
          )}
          {item.selection && !selectionsPath && <span className={styles.selected}>Selected</span>}
        </span>
        {item.note.trim() && <span className={styles.itemNote}>{item.note}</span>}
      </div>
      <LineAmount line={item} className={styles.cost} />
    </li>
  );
}
