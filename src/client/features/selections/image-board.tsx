import { boardOption, itemAnchor } from '../../../shared/domain/selections';
import type { SelectionItem } from '../../../shared/schemas/selections';
import styles from './image-board.module.css';

/**
 * §2 image board: each item's current pick (its Chosen option, else Liked, else first) side by
 * side, so a room can be judged as a whole. A picture leads to its item.
 */
export function ImageBoard({ groupName, items }: { groupName: string; items: SelectionItem[] }) {
  const tiles = items.flatMap((item) => {
    const option = boardOption(item.options);
    return option ? [{ item, option }] : [];
  });
  return (
    <section className={styles.board} aria-label={`Image board for ${groupName}`}>
      <h3 className={styles.heading}>Image board</h3>
      <ul className={styles.grid}>
        {tiles.map(({ item, option }) => (
          <li key={item.id} className={styles.tile}>
            <a href={`#${itemAnchor(item.id)}`} className={styles.link}>
              <span className={styles.frame}>
                {option.product.image && (
                  <img
                    src={option.product.image}
                    alt={`${item.name}: ${option.product.title}`}
                    loading="lazy"
                    className={styles.image}
                  />
                )}
              </span>
              <span className={styles.caption}>{item.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
