import { useId } from 'react';
import { Check, Circle, Heart } from 'lucide-react';
import { nextPosition, POSITION_LABELS } from '../../../shared/domain/selections';
import type { Position } from '../../../shared/schemas/selections';
import styles from './option-card.module.css';

const ICONS = { not_selected: Circle, liked: Heart, chosen: Check } as const;

/** docs/product/selections.md position cycle: the button shows the state and moves to the next one. */
export function PositionButton(props: {
  position: Position;
  productTitle: string;
  /** May change the item's choice (decision 0091): else Chosen is skipped, a Chosen one stays. */
  mayChoose: boolean;
  onCycle: () => void;
}) {
  const { position, productTitle, mayChoose } = props;
  const hintId = useId();
  const Icon = ICONS[position];
  const next = nextPosition(position, mayChoose);
  // Kept focusable (aria-disabled), so the reason can be heard where the button is.
  const locked = next === position;
  return (
    <>
      <button
        type="button"
        className={styles.position}
        data-position={position}
        aria-label={`${productTitle}: ${POSITION_LABELS[position]}`}
        aria-describedby={hintId}
        aria-disabled={locked || undefined}
        onClick={locked ? undefined : props.onCycle}
      >
        <Icon size={16} aria-hidden="true" />
        {POSITION_LABELS[position]}
      </button>
      {/* Said aloud always; seen only when pressing would do nothing, to say why. */}
      <span id={hintId} className={locked ? styles.lockHint : 'visually-hidden'}>
        {locked
          ? 'Only the homeowner or the contractor can change this choice.'
          : `Press to mark it ${POSITION_LABELS[next]}.`}
      </span>
    </>
  );
}
