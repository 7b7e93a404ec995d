import { createContext, useContext, useEffect, useState } from 'react';

/*
 * What was typed into an item's boxes and not yet sent (a comment, a note being edited, a pasted
 * link), kept by the shop page while the item is closed: closing it, collapsing its group,
 * 'Collapse All' or a filter unmount the boxes, and opening it again brings the text back. The
 * page keeps them for the tab's life (page-memory.ts).
 */

export interface Unsent {
  text: string;
  /** For a note: the note as it was when editing began, which the save is checked against. */
  base?: string;
}

export type UnsentTexts = Map<string, Unsent>;

const UnsentContext = createContext<UnsentTexts | null>(null);
export const UnsentTextsProvider = UnsentContext.Provider;

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
