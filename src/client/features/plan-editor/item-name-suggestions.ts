import { useCallback, useState } from 'react';
import { findPreset, suggestItemNames } from '../../../shared/domain/presets';
import { useSession } from '../auth/api';
import { useItemNameSuggestions } from '../proposals/api';

/**
 * An item name's suggestions: the group's preset list (docs/product/model.md), or for other group
 * names the names this contractor used before under that group name (asked for once the field is
 * used). A hook of the row rather than a component around its name field, so a keystroke renders
 * one component fewer (decision 0035).
 */
export function useItemNameField(groupName: string, value: string) {
  const [used, setUsed] = useState(false);
  const { user } = useSession();
  const custom = findPreset(groupName) === undefined;
  // Past names belong to an account: only asked for when signed in.
  const past = useItemNameSuggestions(groupName, custom && used && user !== null);
  const suggestions = suggestItemNames(groupName, value, custom ? (past.data ?? []) : []);
  const onFocus = useCallback(() => setUsed(true), []);
  return { suggestions, onFocus };
}
