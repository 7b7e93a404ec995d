import { formatDay } from '../../../shared/domain/dates';
import type { Option } from '../../../shared/schemas/selections';
import { LocalTime } from '../../ui/local-time';
import { chosenByText } from './shop-model';

/**
 * Whose choice a Chosen option is, and since when (decision 0091): 'Chosen by Dora Designer,
 * Dec 1, 2026', 'Chosen by you, …'. Nothing for an option chosen before choices were recorded.
 */
export function ChosenBy({ option, className }: { option: Option; className?: string }) {
  if (option.position !== 'chosen' || !option.chosenBy) return null;
  return (
    <span className={className} data-chosen-by="">
      {chosenByText(option.chosenBy)}
      {option.chosenAt !== null && (
        <>
          {', '}
          <LocalTime ms={option.chosenAt} format={formatDay} />
        </>
      )}
    </span>
  );
}
