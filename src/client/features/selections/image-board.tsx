import { boardOption, itemAnchor } from '../../../shared/domain/selections';
import type { SelectionItem } from '../../../shared/schemas/selections';
import styles from './image-board.module.css';

interface ImageBoardProps {
  groupName: string;
  items: SelectionItem[];
  /** Opens, scrolls to and focuses an item. */
  revealItem: (itemId: string) => void;
}

/**
 * docs/product/selections.md image board: each item's current pick (its Chosen option, else Liked, else first) side by
 * side, so a room can be judged as a whole. A picture leads to its item.
 */
export function ImageBoard({ groupName, items, revealItem }: ImageBoardProps) {
  const tiles = items.flatMap((item) => {
    const option = boardOption(item.options);
    return option ? [{ item, option }] : [];
  });
  return (
    <section className={styles.board} aria-label={`Image board for ${groupName}`}>
      <h3 className={styles.heading}>Image board</h3>
      <ul className={styles.grid}>
        {tiles.map(({ item, option }) => {
          const anchor = `#${itemAnchor(item.id)}`;
          return (
            <li key={item.id} className={styles.tile}>
              <a
                href={anchor}
                className={styles.link}
                onClick={(event) => {
                  // The same hash again changes no location, so nothing else would bring the
                  // item back after the user scrolled away from it.
                  if (window.location.hash !== anchor) return;
                  event.preventDefault();
                  revealItem(item.id);
                }}
              >
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
          );
        })}
      </ul>
    </section>
  );
}
