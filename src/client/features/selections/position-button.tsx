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
  onCycle: () => void;
}) {
  const { position, productTitle } = props;
  const hintId = useId();
  const Icon = ICONS[position];
  return (
    <>
      <button
        type="button"
        className={styles.position}
        data-position={position}
        aria-label={`${productTitle}: ${POSITION_LABELS[position]}`}
        aria-describedby={hintId}
        onClick={props.onCycle}
      >
        <Icon size={16} aria-hidden="true" />
        {POSITION_LABELS[position]}
      </button>
      <span id={hintId} className="visually-hidden">
        {`Press to mark it ${POSITION_LABELS[nextPosition(position)]}.`}
      </span>
    </>
  );
}
