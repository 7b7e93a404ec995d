/*
 * What a plan save removes, as both sides count it (decision 0073). Options and comments hang on
 * an item, and the shop adds them while the editor is open, without moving the plan's version:
 * the editor says how many options it showed on each item its save removes, and the server
 * refuses the save when one of them has gained some since.
 */

/** docs/product/proposals-editor.md save rule: a pristine or nameless item is dropped. */
export const isKeptItem = (item: { pristine?: boolean | undefined; name: string }) =>
  !item.pristine && item.name.trim() !== '';

export interface RemovedItem {
  id: string;
  /** The options the editor showed on it. */
  optionCount: number;
}

interface LoadedGroup {
  values: readonly { id: string; optionCount: number }[];
}
interface SavedGroup {
  values: readonly { id?: string | undefined; pristine?: boolean | undefined; name: string }[];
}

/** The loaded items with options that a save of `saved` removes, with the count shown. */
export function removedWithOptions(
  loaded: readonly LoadedGroup[],
  saved: readonly SavedGroup[],
): RemovedItem[] {
  const kept = new Set<string>();
  for (const group of saved) {
    for (const item of group.values)
      if (item.id !== undefined && isKeptItem(item)) kept.add(item.id);
  }
  return loaded
    .flatMap((group) => group.values)
    .filter((item) => item.optionCount > 0 && !kept.has(item.id))
    .map(({ id, optionCount }) => ({ id, optionCount }));
}

const quoteList = (names: readonly string[]) => {
  const quoted = names.map((name) => `“${name}”`);
  return quoted.length <= 3
    ? quoted.length === 1
      ? quoted[0]!
      : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)!}`
    : `${quoted.slice(0, 2).join(', ')} and ${quoted.length - 2} more items`;
};

/**
 * Asked before a save removes items that had product options when the editor opened: the editor
 * does not show options, and the homeowner's choices and comments on them go with the item.
 */
export function removingOptionsMessage(items: readonly { name: string; optionCount: number }[]) {
  const options = items.reduce((sum, item) => sum + item.optionCount, 0);
  const one = items.length === 1;
  return `This save removes ${quoteList(items.map((item) => item.name))} with ${one ? 'its' : 'their'} ${options} product option${options === 1 ? '' : 's'} from the shop, and the choices and comments on ${options === 1 ? 'it' : 'them'}.`;
}

/** Said once items the question named are back in the plan (decision 0086). */
export const putBackMessage = (names: readonly string[]) => `Put back ${quoteList(names)}.`;

const OPTIONS_GAINED_START = 'Since you opened this proposal, ';

/** The 409 of a save that would remove items which gained options since the editor loaded. */
export function optionsGainedMessage(names: readonly string[]): string {
  const listed = quoteList(names);
  const one = names.length === 1;
  return `${OPTIONS_GAINED_START}${listed} got new product options in the shop; this save would remove ${one ? 'it' : 'them'} with ${one ? 'its' : 'their'} options.`;
}
