import { useCallback, useState } from 'react';
import { findPreset, suggestItemNames } from '../../../shared/domain/presets';
import { useSession } from '../auth/api';
import { useItemNameSuggestions } from '../proposals/api';

/**
 * An item name's suggestions: the group's preset list (docs/product/model.md), or for other group
 * names the names this contractor used before under that group name (asked for while the field
 * has focus: the group's name is not being typed then, so it is asked for once a name, not once
 * a keystroke of the group's name, review 21). A hook of the row rather than a component around
 * its name field, so a keystroke renders one component fewer (decision 0035).
 */
export function useItemNameField(groupName: string, value: string) {
  const [focused, setFocused] = useState(false);
  const { user } = useSession();
  const custom = findPreset(groupName) === undefined;
  // Past names belong to an account: only asked for when signed in.
  const past = useItemNameSuggestions(groupName, custom && focused && user !== null);
  const suggestions = suggestItemNames(groupName, value, custom ? (past.data ?? []) : []);
  const onFocus = useCallback(() => setFocused(true), []);
  const onBlur = useCallback(() => setFocused(false), []);
  return { suggestions, onFocus, onBlur };
}
