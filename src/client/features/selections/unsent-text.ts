import { createContext, useContext, useEffect, useState } from 'react';

/*
 * What was typed into an item's boxes and not yet sent (a comment, a note being edited, a pasted
 * link), kept by the shop page while the item is closed: closing it, collapsing its group,
 * 'Collapse All' or a filter unmount the boxes, and opening it again brings the text back. Kept
 * in memory for the tab's life, not stored: a reload starts empty as it always has.
 */

export interface Unsent {
  text: string;
  /** For a note: the note as it was when editing began, which the save is checked against. */
  base?: string;
}

export type UnsentTexts = Map<string, Unsent>;

const UnsentContext = createContext<UnsentTexts | null>(null);
export const UnsentTextsProvider = UnsentContext.Provider;

const byPage = new Map<string, UnsentTexts>();

/**
 * Whose shop page of which proposal: what the page keeps for the tab's life (its unsent texts,
 * its alerts) is kept under it, so that the next person signed in at that tab sees none of it.
 */
export const shopPageKey = (readerId: string | null, proposalId: string) =>
  `${readerId ?? ''} ${proposalId}`;

/**
 * The store of one reader's shop page of one proposal (`shopPageKey`), kept for the tab's life:
 * the page's 'Plan' tab, Back or the logo unmount the whole page, and coming back brings the
 * typed text back (review 21).
 */
export function unsentTextsOf(pageKey: string): UnsentTexts {
  let texts = byPage.get(pageKey);
  if (!texts) byPage.set(pageKey, (texts = new Map<string, Unsent>()));
  return texts;
}

/**
 * The unsent text under `key` when the box mounted, and `remember`, which keeps what is typed
 * now (nothing, or `undefined`, forgets it). Outside a shop page nothing is kept.
 */
export function useUnsent(key: string) {
  const texts = useContext(UnsentContext);
  const [initial] = useState(() => texts?.get(key));
  const [remember] = useState(() => (value: Unsent | undefined) => {
    if (!texts) return;
    if (value === undefined || (value.text === '' && value.base === undefined)) texts.delete(key);
    else texts.set(key, value);
  });
  return { initial, remember };
}

/** Keeps `value` under the box's key whenever it changes. */
export function useRememberUnsent(
  remember: (value: Unsent | undefined) => void,
  value: Unsent | undefined,
) {
  const text = value?.text;
  const base = value?.base;
  useEffect(() => {
    remember(text === undefined ? undefined : { text, ...(base === undefined ? {} : { base }) });
  }, [remember, text, base]);
}
