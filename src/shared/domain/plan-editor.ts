import type { CostGroup, CostGroupInput, CostItem, FileRef } from '../schemas/proposal';
import type { CostType } from './cost-types';
import { evaluateCost, formatPlainAmount } from './cost-expression';
import { isKeptItem } from './plan-removals';
import { findPreset, presetCostType } from './presets';

/*
 * The plan step's editor state (docs/product/proposals-editor.md "Plan step behaviour", "Item and group editing") as a pure
 * reducer. Rules kept by every action:
 * - every group ends with exactly one trailing blank row: the only item that is both pristine and
 *   blank; typing into it makes it a real item and appends a fresh blank row;
 * - an item or group stops being pristine on its first real change (an edit that changes nothing
 *   returns the same state);
 * - changing a group's name to a module preset replaces its items with the preset's plus a blank;
 * - editing an item name fills an empty cost type from the group's preset list.
 * A row the user clears again stays where it is (so focus is not lost); the server drops nameless
 * items on save. A removed item can be put back as it was, where it stood (`restoreItem`), and
 * saved items a save would remove can be put back as saved (`putBack`).
 * Actions that name an unknown group or item return the state unchanged.
 */

export interface EditorItem {
  key: string;
  id?: string;
  name: string;
  rawCost: string;
  costType: CostType | null;
  selection: boolean;
  note: string;
  pristine: boolean;
}

export interface EditorGroup {
  key: string;
  id?: string;
  name: string;
  note: string;
  pristine: boolean;
  images: FileRef[];
  items: EditorItem[];
  /** Named for a module whose items did not replace the group's own work (`holdsWork`). */
  moduleKept?: boolean;
}

export interface PlanState {
  groups: EditorGroup[];
  /** The last group added; the UI focuses its name field. */
  focusGroupKey: string | null;
}

export type ItemPatch = Partial<
  Pick<EditorItem, 'name' | 'rawCost' | 'costType' | 'selection' | 'note'>
>;
export type GroupPatch = Partial<Pick<EditorGroup, 'name' | 'note'>>;

export type PlanAction =
  | { type: 'addGroup' }
  | { type: 'removeGroup'; groupKey: string }
  | { type: 'editGroup'; groupKey: string; patch: GroupPatch }
  | { type: 'setGroupImages'; groupKey: string; images: FileRef[] }
  | { type: 'editItem'; groupKey: string; itemKey: string; patch: ItemPatch }
  | { type: 'removeItem'; groupKey: string; itemKey: string }
  | { type: 'restoreItem'; removal: ItemRemoval }
  | { type: 'putBack'; saved: readonly CostGroup[]; ids: readonly string[] }
  | { type: 'moveGroup'; from: number; to: number }
  | { type: 'moveItem'; groupKey: string; from: number; to: number }
  | { type: 'reset'; groups: EditorGroup[] };

/**
 * An item as it was removed, and where it stood: what `restoreItem` puts back (the editor's Undo,
 * decision 0086). Made by `removalOf` before the `removeItem`.
 */
export interface ItemRemoval {
  groupKey: string;
  /** The item itself: same key, id, fields and flags. */
  item: EditorItem;
  /** Its place among the group's items. */
  index: number;
  /** The key of the item just before it, null when it came first. */
  after: string | null;
  /** The key of the item just after it, null when it came last. */
  before: string | null;
}

export type KeyFactory = () => string;
export type PlanReducer = (state: PlanState, action: PlanAction) => PlanState;

export const randomKey: KeyFactory = () => crypto.randomUUID();

export const emptyPlanState: PlanState = { groups: [], focusGroupKey: null };

const ITEM_FIELDS = ['name', 'rawCost', 'costType', 'selection', 'note'] as const;
const GROUP_FIELDS = ['name', 'note'] as const;

// ---- items ------------------------------------------------------------------------------------

export function blankItem(newKey: KeyFactory = randomKey): EditorItem {
  return {
    key: newKey(),
    name: '',
    rawCost: '',
    costType: null,
    selection: false,
    note: '',
    pristine: true,
  };
}

/** Nothing typed, nothing chosen. */
export function isBlankItem(item: EditorItem): boolean {
  return (
    item.name === '' &&
    item.rawCost === '' &&
    item.note === '' &&
    item.costType === null &&
    !item.selection
  );
}

/** The row that waits for typing at the end of every group. */
export function isTrailingBlank(item: EditorItem): boolean {
  return item.pristine && isBlankItem(item);
}

function withTrailingBlank(items: EditorItem[], newKey: KeyFactory): EditorItem[] {
  const last = items[items.length - 1];
  return last && isTrailingBlank(last) ? items : [...items, blankItem(newKey)];
}

/** Drops stray pristine blank rows and makes sure exactly one ends the list. */
function normalizeItems(items: EditorItem[], newKey: KeyFactory): EditorItem[] {
  const kept = items.filter((item, i) => i === items.length - 1 || !isTrailingBlank(item));
  return withTrailingBlank(kept, newKey);
}

/** The items the user can see and move: all but the trailing blank row. */
export function movableItems(group: EditorGroup): EditorItem[] {
  const last = group.items[group.items.length - 1];
  return last && isTrailingBlank(last) ? group.items.slice(0, -1) : group.items;
}

/**
 * What `restoreItem` needs to put the item back; undefined for the trailing blank or an unknown
 * item.
 */
export function removalOf(
  state: PlanState,
  groupKey: string,
  itemKey: string,
): ItemRemoval | undefined {
  const group = state.groups.find((g) => g.key === groupKey);
  if (!group) return undefined;
  const movable = movableItems(group);
  const index = movable.findIndex((item) => item.key === itemKey);
  const item = movable[index];
  if (!item) return undefined;
  return {
    groupKey,
    item,
    index,
    after: movable[index - 1]?.key ?? null,
    before: movable[index + 1]?.key ?? null,
  };
}

/**
 * Where a removed item goes back among the group's items now: right after the item it followed
 * (first if it came first); if that one has gone too, right before the item it preceded; if both
 * have gone, at its old index, or last.
 */
function restoreIndex(movable: EditorItem[], removal: ItemRemoval): number {
  if (removal.after === null) return 0;
  const after = movable.findIndex((item) => item.key === removal.after);
  if (after !== -1) return after + 1;
  const before = movable.findIndex((item) => item.key === removal.before);
  if (before !== -1) return before;
  return Math.min(removal.index, movable.length);
}

/** Fields of `patch` (among `fields`) whose value differs from `current`. */
function changesOf<T extends object, K extends keyof T>(
  current: T,
  patch: Partial<Pick<T, K>>,
  fields: readonly K[],
): Partial<Pick<T, K>> | null {
  const changes: Partial<Pick<T, K>> = {};
  let changed = false;
  for (const field of fields) {
    const value = patch[field];
    if (value !== undefined && value !== current[field]) {
      changes[field] = value;
      changed = true;
    }
  }
  return changed ? changes : null;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

// ---- groups -----------------------------------------------------------------------------------

function moduleItems(groupName: string, newKey: KeyFactory): EditorItem[] {
  const preset = findPreset(groupName);
  const items: EditorItem[] = (preset?.items ?? []).map((item) => ({
    key: newKey(),
    name: item.name,
    rawCost: '',
    costType: item.costType,
    selection: item.selection,
    note: '',
    pristine: false,
  }));
  return [...items, blankItem(newKey)];
}

/**
 * Work a module's items must not replace: a cost or a note typed into one of the group's items, or
 * an item already saved, whose product options and comments would go with it on the next save. A
 * module's name fills a group with the module's items (product spec), but never over these: a
 * name is typed a key at a time, and "Kitchen Module 2" passes through "Kitchen Module" on the way
 * (decision 0022).
 */
export function holdsWork(group: EditorGroup): boolean {
  return group.items.some(
    (item) => item.id !== undefined || item.rawCost.trim() !== '' || item.note.trim() !== '',
  );
}

function toEditorItem(item: CostItem, newKey: KeyFactory, keepIds: boolean): EditorItem {
  return {
    key: newKey(),
    ...(keepIds ? { id: item.id } : {}),
    name: item.name,
    rawCost:
      item.rawCost !== '' || item.costCents === 0
        ? item.rawCost
        : formatPlainAmount(item.costCents),
    costType: item.costType,
    selection: item.selection,
    note: item.note,
    pristine: false,
  };
}

function toEditorGroup(group: CostGroup, newKey: KeyFactory, keepIds: boolean): EditorGroup {
  const items = group.values.map((item) => toEditorItem(item, newKey, keepIds));
  return {
    key: newKey(),
    ...(keepIds ? { id: group.id } : {}),
    name: group.name,
    note: group.note,
    pristine: false,
    images: keepIds ? group.images : [],
    items: [...items, blankItem(newKey)],
  };
}

/** The editor state for a proposal's saved groups: every group gets a trailing blank row. */
export function fromCostGroups(groups: CostGroup[], newKey: KeyFactory = randomKey): PlanState {
  return { groups: groups.map((group) => toEditorGroup(group, newKey, true)), focusGroupKey: null };
}

/** docs/product/proposals-editor.md Duplicate: the groups with their items plus a blank row, without ids or images. */
export function duplicateGroups(
  groups: CostGroup[],
  newKey: KeyFactory = randomKey,
): EditorGroup[] {
  return groups.map((group) => toEditorGroup(group, newKey, false));
}

/** The payload for POST/PUT. Pristine flags and ids travel; the trailing blank row does not. */
export function toCostGroupInputs(state: PlanState): CostGroupInput[] {
  return state.groups.map((group) => ({
    ...(group.id !== undefined ? { id: group.id } : {}),
    name: group.name,
    note: group.note,
    pristine: group.pristine,
    imageIds: group.images.map((image) => image.id),
    values: movableItems(group).map((item) => ({
      ...(item.id !== undefined ? { id: item.id } : {}),
      name: item.name,
      rawCost: item.rawCost,
      costType: item.costType,
      selection: item.selection,
      note: item.note,
      pristine: item.pristine,
    })),
  }));
}

/** Why a save refuses an item whose cost does not compute (said by the server and the editor alike). */
export const invalidCostMessage = (itemName: string) =>
  `The cost of “${itemName}” is not a valid amount.`;

/**
 * The first item a save would keep whose cost does not compute ("1200+", "(350*2"): the server
 * refuses the save for it, so the editor says so before sending and shows the field.
 */
export function firstInvalidCost(
  state: PlanState,
): { groupKey: string; itemKey: string; name: string } | undefined {
  for (const group of state.groups)
    for (const item of movableItems(group))
      if (isKeptItem(item) && !evaluateCost(item.rawCost).ok)
        return { groupKey: group.key, itemKey: item.key, name: item.name };
  return undefined;
}

/** The sum of a group's items in cents; an editor row that does not evaluate counts as 0. */
export function groupSubtotalCents(group: EditorGroup | CostGroup): number {
  if ('values' in group) return group.values.reduce((sum, item) => sum + item.costCents, 0);
  return group.items.reduce((sum, item) => {
    const result = evaluateCost(item.rawCost);
    return result.ok ? sum + result.cents : sum;
  }, 0);
}

// ---- reducer ----------------------------------------------------------------------------------

export function createPlanReducer(newKey: KeyFactory): PlanReducer {
  const updateGroup = (
    state: PlanState,
    groupKey: string,
    update: (group: EditorGroup) => EditorGroup,
  ): PlanState => {
    const index = state.groups.findIndex((group) => group.key === groupKey);
    const group = state.groups[index];
    if (!group) return state;
    const next = update(group);
    if (next === group) return state;
    return { ...state, groups: state.groups.map((g, i) => (i === index ? next : g)) };
  };

  const editGroup = (group: EditorGroup, patch: GroupPatch): EditorGroup => {
    const changes = changesOf(group, patch, GROUP_FIELDS);
    if (!changes) return group;
    const next: EditorGroup = { ...group, ...changes, pristine: false };
    if (changes.name === undefined) return next;
    const preset = findPreset(changes.name);
    if (!preset?.module) {
      delete next.moduleKept;
    } else if (findPreset(group.name) !== preset) {
      if (holdsWork(group)) next.moduleKept = true;
      else {
        next.items = moduleItems(preset.name, newKey);
        delete next.moduleKept;
      }
    }
    return next;
  };

  const editItem = (group: EditorGroup, itemKey: string, patch: ItemPatch): EditorGroup => {
    const index = group.items.findIndex((item) => item.key === itemKey);
    const item = group.items[index];
    if (!item) return group;
    const changes = changesOf(item, patch, ITEM_FIELDS);
    if (!changes) return group;
    const next: EditorItem = { ...item, ...changes, pristine: false };
    if (changes.name !== undefined && next.costType === null && patch.costType === undefined) {
      next.costType = presetCostType(group.name, next.name) ?? null;
    }
    const items = group.items.map((it, i) => (i === index ? next : it));
    return { ...group, pristine: false, items: withTrailingBlank(items, newKey) };
  };

  const removeItem = (group: EditorGroup, itemKey: string): EditorGroup => {
    const movable = movableItems(group);
    if (!movable.some((item) => item.key === itemKey)) return group;
    const items = group.items.filter((item) => item.key !== itemKey);
    return { ...group, pristine: false, items: withTrailingBlank(items, newKey) };
  };

  const restoreItem = (state: PlanState, removal: ItemRemoval): PlanState => {
    const { item } = removal;
    // Back already (a second Undo), or its id is in the plan again: nothing to put back.
    const present = state.groups.some((group) =>
      group.items.some((it) => it.key === item.key || (item.id !== undefined && it.id === item.id)),
    );
    if (present) return state;
    // A group removed since is gone with everything in it (its removal was confirmed): the item
    // does not come back without it.
    return updateGroup(state, removal.groupKey, (group) => {
      const movable = movableItems(group);
      const at = restoreIndex(movable, removal);
      const items = [...movable.slice(0, at), item, ...group.items.slice(at)];
      return { ...group, pristine: false, items: withTrailingBlank(items, newKey) };
    });
  };

  /**
   * Puts back the saved item `savedGroup.values[index]` as the proposal has it (decision 0086,
   * after decision 0073's question): a row still there with its name cleared gets its name back;
   * a removed one goes back into its group, after the nearest of the items it followed in the
   * saved plan that is still there (first if none is). Its group, removed since, comes back as
   * saved, with only the items put back, after the nearest saved group before it still there.
   */
  const putBackItem = (
    state: PlanState,
    saved: readonly CostGroup[],
    groupIndex: number,
    index: number,
  ): PlanState => {
    const savedGroup = saved[groupIndex]!;
    const savedItem = savedGroup.values[index]!;
    for (const group of state.groups) {
      const row = group.items.find((item) => item.id === savedItem.id);
      if (!row) continue;
      if (isKeptItem(row)) return state;
      // Its type is given as it is, so the name does not fill it from the group's preset.
      const patch = { name: savedItem.name, costType: row.costType };
      return updateGroup(state, group.key, (g) => editItem(g, row.key, patch));
    }
    let next = state;
    if (!next.groups.some((group) => group.id === savedGroup.id)) {
      const ids = new Set(next.groups.map((group) => group.id));
      const after = saved.slice(0, groupIndex).findLastIndex((group) => ids.has(group.id));
      const at =
        after === -1 ? 0 : next.groups.findIndex((group) => group.id === saved[after]!.id) + 1;
      const group = toEditorGroup({ ...savedGroup, values: [] }, newKey, true);
      next = { ...next, groups: [...next.groups.slice(0, at), group, ...next.groups.slice(at)] };
    }
    const groupKey = next.groups.find((group) => group.id === savedGroup.id)!.key;
    return updateGroup(next, groupKey, (group) => {
      const movable = movableItems(group);
      const before = new Set(savedGroup.values.slice(0, index).map((item) => item.id));
      const after = movable.findLastIndex((item) => item.id !== undefined && before.has(item.id));
      const items = [
        ...movable.slice(0, after + 1),
        toEditorItem(savedItem, newKey, true),
        ...group.items.slice(after + 1),
      ];
      return { ...group, pristine: false, items: withTrailingBlank(items, newKey) };
    });
  };

  const putBack = (
    state: PlanState,
    saved: readonly CostGroup[],
    ids: readonly string[],
  ): PlanState => {
    const wanted = new Set(ids);
    let next = state;
    saved.forEach((group, groupIndex) =>
      group.values.forEach((item, index) => {
        if (wanted.has(item.id)) next = putBackItem(next, saved, groupIndex, index);
      }),
    );
    return next;
  };

  const moveItem = (group: EditorGroup, from: number, to: number): EditorGroup => {
    const movable = movableItems(group);
    if (!Number.isInteger(from) || !Number.isInteger(to)) return group;
    if (from < 0 || from >= movable.length) return group;
    const target = clamp(to, 0, movable.length - 1);
    if (target === from) return group;
    const rest = group.items.slice(movable.length);
    return { ...group, pristine: false, items: [...move(movable, from, target), ...rest] };
  };

  return (state, action) => {
    switch (action.type) {
      case 'addGroup': {
        const group: EditorGroup = {
          key: newKey(),
          name: '',
          note: '',
          pristine: true,
          images: [],
          items: [blankItem(newKey)],
        };
        return { groups: [...state.groups, group], focusGroupKey: group.key };
      }
      case 'removeGroup': {
        if (!state.groups.some((group) => group.key === action.groupKey)) return state;
        return {
          groups: state.groups.filter((group) => group.key !== action.groupKey),
          focusGroupKey: state.focusGroupKey === action.groupKey ? null : state.focusGroupKey,
        };
      }
      case 'editGroup':
        return updateGroup(state, action.groupKey, (group) => editGroup(group, action.patch));
      case 'setGroupImages':
        return updateGroup(state, action.groupKey, (group) => ({
          ...group,
          images: action.images,
          pristine: false,
        }));
      case 'editItem':
        return updateGroup(state, action.groupKey, (group) =>
          editItem(group, action.itemKey, action.patch),
        );
      case 'removeItem':
        return updateGroup(state, action.groupKey, (group) => removeItem(group, action.itemKey));
      case 'restoreItem':
        return restoreItem(state, action.removal);
      case 'putBack':
        return putBack(state, action.saved, action.ids);
      case 'moveGroup': {
        const { from, to } = action;
        const count = state.groups.length;
        if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || from >= count) {
          return state;
        }
        const target = clamp(to, 0, count - 1);
        if (target === from) return state;
        return { ...state, groups: move(state.groups, from, target) };
      }
      case 'moveItem':
        return updateGroup(state, action.groupKey, (group) =>
          moveItem(group, action.from, action.to),
        );
      case 'reset':
        return {
          groups: action.groups.map((group) => ({
            ...group,
            items: normalizeItems(group.items, newKey),
          })),
          focusGroupKey: null,
        };
    }
  };
}

/** The reducer with random UUID keys. */
export const planReducer: PlanReducer = createPlanReducer(randomKey);
