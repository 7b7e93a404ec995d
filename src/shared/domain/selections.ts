import type { Position } from '../schemas/selections';
import { IMAGE_BOARD_MIN_ITEMS } from '../constants';

/*
 * The shop page's rules (docs/product/selections.md), pure so the page, a logged-out visitor's local state and the
 * server all apply them the same way.
 */

export const POSITION_LABELS: Record<Position, string> = {
  not_selected: 'Not selected',
  liked: 'Liked',
  chosen: 'Chosen',
};

/**
 * docs/product/selections.md cycle: Not selected → Liked → Chosen → Not selected. Someone who may
 * not change the item's choice (decision 0091) goes Not selected → Liked → Not selected, and a
 * Chosen option stays so.
 */
export function nextPosition(position: Position, mayChoose = true): Position {
  if (position === 'not_selected') return 'liked';
  if (position === 'liked') return mayChoose ? 'chosen' : 'not_selected';
  return mayChoose ? 'not_selected' : 'chosen';
}

/** Sets one option's position; when it becomes Chosen, any other Chosen option becomes Liked. */
export function applyPosition<T extends { id: string; position: Position }>(
  options: readonly T[],
  optionId: string,
  position: Position,
): T[] {
  return options.map((o) => {
    if (o.id === optionId) return { ...o, position };
    if (position === 'chosen' && o.position === 'chosen') return { ...o, position: 'liked' };
    return o;
  });
}

const ORDINAL_SUFFIX = (n: number) => {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
};

/** docs/product/selections.md card labels: 'First', '2nd', '3rd' … and 'Last Choice' for the last of two or more. */
export function choiceLabel(index: number, count: number): string {
  if (index === 0) return 'First';
  if (index === count - 1) return 'Last Choice';
  const n = index + 1;
  return `${n}${ORDINAL_SUFFIX(n)}`;
}

/** Moves one entry; the keyboard and drag reorders both end here. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length)
    return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The `#…` of './selections/#{base64 of cost item id}' (docs/product/selections.md), the same in every browser. */
export function itemAnchor(itemId: string): string {
  const bytes = new TextEncoder().encode(itemId);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The item id an anchor names, or null for a hash that is not one. */
export function parseItemAnchor(hash: string): string | null {
  try {
    const raw = decodeURIComponent(hash.replace(/^#/, ''));
    if (raw === '') return null;
    const binary = atob(raw);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** docs/product/selections.md: a group shows its image board when at least 4 of its items have options. */
export function showsImageBoard(items: readonly { options: readonly unknown[] }[]): boolean {
  return items.filter((i) => i.options.length > 0).length >= IMAGE_BOARD_MIN_ITEMS;
}

/** The image an item shows on the board: its Chosen option, else its first Liked, else its first. */
export function boardOption<T extends { position: Position }>(
  options: readonly T[],
): T | undefined {
  return (
    options.find((o) => o.position === 'chosen') ??
    options.find((o) => o.position === 'liked') ??
    options[0]
  );
}

type Role = 'owner' | 'homeowner' | 'invitee' | 'public';

/**
 * Who holds an item's choice: the role its Chosen option was chosen as, 'unknown' for one chosen
 * before choices were recorded, 'none' when nothing is chosen.
 */
export type ChoiceHolder = 'owner' | 'homeowner' | 'invitee' | 'unknown' | 'none';

/**
 * Decision 0091: who may change an item's choice (choose another option, or undo the Chosen).
 * The owner and the homeowner always; an invitee only where nothing is chosen or an invitee
 * chose, so a designer suggests (Liked, comments) but never replaces the homeowner's or the
 * contractor's choice, the one the contractor orders from.
 */
export function mayChangeChoice(role: Role, holder: ChoiceHolder): boolean {
  if (role === 'owner' || role === 'homeowner') return true;
  return role === 'invitee' && (holder === 'none' || holder === 'invitee');
}

/** The holder of an item's choice, from its options as the shop page shows them. */
export function choiceHolder(
  options: readonly { position: Position; chosenBy: { role: ChoiceHolder } | null }[],
): ChoiceHolder {
  const chosen = options.find((o) => o.position === 'chosen');
  if (!chosen) return 'none';
  return chosen.chosenBy?.role ?? 'unknown';
}

/**
 * Who may remove an option (decision 0007): the owner and the homeowner any, an invitee only the
 * ones they added, a public reader none (their page-only changes are not the server's). An
 * option that is its item's Chosen goes only with its choice: `chosenAs` is its holder then.
 */
export function mayRemoveOption(
  role: Role,
  addedBy: string | null,
  callerId: string | null,
  chosenAs: ChoiceHolder = 'none',
): boolean {
  if (role === 'owner' || role === 'homeowner') return true;
  if (chosenAs !== 'none' && !mayChangeChoice(role, chosenAs)) return false;
  return role === 'invitee' && callerId !== null && addedBy === callerId;
}

/**
 * Decision 0095: only its author edits a comment (their words, nobody else's), while they are
 * still on the proposal's team; a public reader's page-only comments are not the server's.
 */
export function mayEditComment(role: Role, authorId: string | null, callerId: string | null) {
  return role !== 'public' && callerId !== null && authorId === callerId;
}

/** Decision 0095: its author deletes a comment, and the proposal's owner any on it (moderation). */
export function mayDeleteComment(role: Role, authorId: string | null, callerId: string | null) {
  return role === 'owner' || mayEditComment(role, authorId, callerId);
}
