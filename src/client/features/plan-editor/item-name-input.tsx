import { useState } from 'react';
import { findPreset, suggestItemNames } from '../../../shared/domain/presets';
import { useSession } from '../auth/api';
import { useItemNameSuggestions } from '../proposals/api';
import { SuggestInput } from './suggest-input';

interface ItemNameInputProps {
  groupName: string;
  value: string;
  onChange: (name: string) => void;
  placeholder: string;
  className?: string;
  wrapperClassName?: string;
}

/**
 * An item name with suggestions: the group's preset list (docs/product/model.md), or for other group names the
 * names this contractor used before under that group name (asked for once the field is used).
 */
export function ItemNameInput({
  groupName,
  value,
  onChange,
  placeholder,
  className,
  wrapperClassName,
}: ItemNameInputProps) {
  const [used, setUsed] = useState(false);
  const { user } = useSession();
  const custom = findPreset(groupName) === undefined;
  // Past names belong to an account: only asked for when signed in.
  const past = useItemNameSuggestions(groupName, custom && used && user !== null);
  const suggestions = suggestItemNames(groupName, value, custom ? (past.data ?? []) : []);

  return (
    <SuggestInput
      className={className}
      wrapperClassName={wrapperClassName}
      value={value}
      onValueChange={onChange}
      suggestions={suggestions}
      listLabel="Suggested items"
      aria-label="Item name"
      placeholder={placeholder}
      maxLength={200}
      data-item-name=""
      onFocus={() => setUsed(true)}
    />
  );
}
