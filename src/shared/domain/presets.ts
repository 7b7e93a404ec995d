import type { CostType } from './cost-types';
import { PRESET_LISTS } from '../defaults/preset-items';
import { PRESET_HELP } from '../defaults/preset-help';

/*
 * docs/product/model.md cost group presets: 23 group names, each with a list of item names and default cost types;
 * three of them are modules that pre-fill a group's items. Names match case-insensitively and
 * ignoring surrounding spaces. Other group names use the contractor's own past item names.
 */

export interface PresetItem {
  name: string;
  costType: CostType | null;
  selection: boolean;
}

export interface PresetGroup {
  name: string;
  module: boolean;
  help: string;
  items: PresetItem[];
}

/** At most this many names are suggested at once. */
export const MAX_SUGGESTIONS = 8;

export const MODULE_NAMES = ['Kitchen Module', 'Bathroom Module', 'Powder Room Module'] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

/** Frozen: callers copy what they change. */
export const PRESET_GROUPS: readonly PresetGroup[] = Object.freeze(
  PRESET_LISTS.map((list) =>
    Object.freeze({
      name: list.name,
      module: list.module,
      help: PRESET_HELP[list.name] ?? '',
      items: Object.freeze(
        list.items.map(([name, costType, selection = false]) =>
          Object.freeze({ name, costType, selection }),
        ),
      ) as PresetItem[],
    }),
  ),
);

export const PRESET_GROUP_NAMES: readonly string[] = PRESET_GROUPS.map((group) => group.name);

const normalize = (text: string) => text.trim().toLowerCase();

const BY_NAME = new Map(PRESET_GROUPS.map((group) => [normalize(group.name), group]));

/** The preset for a group name (case-insensitive, trimmed). */
export function findPreset(groupName: string): PresetGroup | undefined {
  return BY_NAME.get(normalize(groupName));
}

export function isModule(groupName: string): boolean {
  return findPreset(groupName)?.module ?? false;
}

export { presetHelp } from './preset-help-lookup';

/**
 * Names that start with the typed text first, then names that contain it, in list order;
 * duplicates (ignoring case and spaces) and blanks dropped; at most MAX_SUGGESTIONS.
 * Nothing typed suggests the first names of the list.
 */
export function matchNames(candidates: readonly string[], typed: string): string[] {
  const needle = normalize(typed);
  const seen = new Set<string>();
  const prefix: string[] = [];
  const inside: string[] = [];
  for (const candidate of candidates) {
    const name = candidate.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    if (key.startsWith(needle)) prefix.push(name);
    else if (key.includes(needle)) inside.push(name);
  }
  return [...prefix, ...inside].slice(0, MAX_SUGGESTIONS);
}

/** Item names for a group: its preset list, then `extra` (the contractor's own past names). */
export function suggestItemNames(groupName: string, typed: string, extra: string[] = []): string[] {
  const preset = findPreset(groupName)?.items.map((item) => item.name) ?? [];
  return matchNames([...preset, ...extra], typed);
}

export function suggestGroupNames(typed: string): string[] {
  return matchNames(PRESET_GROUP_NAMES, typed);
}

/** The preset item of a group by name (case-insensitive, trimmed). */
export function findPresetItem(groupName: string, itemName: string): PresetItem | undefined {
  const key = normalize(itemName);
  return findPreset(groupName)?.items.find((item) => normalize(item.name) === key);
}

/** The preset cost type of an item (null for none); undefined when the item is not in the preset. */
export function presetCostType(groupName: string, itemName: string): CostType | null | undefined {
  return findPresetItem(groupName, itemName)?.costType;
}
