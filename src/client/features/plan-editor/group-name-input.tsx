import { useId, type Ref } from 'react';
import { findPreset, suggestGroupNames } from '../../../shared/domain/presets';
import { SuggestInput } from './suggest-input';
import styles from './group-card.module.css';

interface GroupNameInputProps {
  value: string;
  onChange: (name: string) => void;
  inputRef: Ref<HTMLInputElement>;
  /** Named for a module that left the group's own items in place (plan-editor.ts `holdsWork`). */
  moduleKept: boolean;
}

/** The group name, with the 23 preset names (docs/product/model.md) suggested while typing. */
export function GroupNameInput({ value, onChange, inputRef, moduleKept }: GroupNameInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const preset = findPreset(value);

  return (
    <div className={styles.nameField}>
      <label htmlFor={id} className={styles.label}>
        Cost group name
      </label>
      <SuggestInput
        id={id}
        inputRef={inputRef}
        className={styles.nameInput}
        value={value}
        onValueChange={onChange}
        suggestions={suggestGroupNames(value)}
        listLabel="Suggested groups"
        placeholder="e.g. Demolition or Kitchen Module"
        maxLength={200}
        aria-describedby={preset?.module ? hintId : undefined}
      />
      {preset?.module && (
        <p id={hintId} className={styles.hint}>
          {moduleKept
            ? `Your items were kept: the ${preset.name} fills in its items only in a group with no costs, notes or saved items yet.`
            : `Items filled in from the ${preset.name}; fixtures are marked as selections. Add costs and adjust them as you like.`}
        </p>
      )}
    </div>
  );
}
