import { useRef, useState } from 'react';
import { accessLost } from '../../lib/api';
import { selectionsApi } from './api';
import type { ShopStore } from './use-shop-store';

/*
 * The shop page's switch for the caller's comment e-mails (decision 0097). The setting comes with
 * the page (the server renders the switch with it); a change is saved with PUT and lands in the
 * page's data. A failed save reads the setting again, so the switch shows what is stored.
 */

export type CommentEmailsOutcome =
  | { kind: 'none' }
  | { kind: 'saving' }
  | { kind: 'saved'; receiving: boolean }
  /** `known`: the setting was read again after the failure (else the switch shows the last saved). */
  | { kind: 'failed'; known: boolean };

export interface CommentEmailsSwitch {
  /** What the switch shows: the change being saved, else the stored setting. */
  checked: boolean;
  outcome: CommentEmailsOutcome;
  change: (receiving: boolean) => void;
}

export function useCommentEmails(store: ShopStore, stored: boolean): CommentEmailsSwitch {
  const { applySaved, reload } = store;
  const proposalId = store.page.proposalId;
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [outcome, setOutcome] = useState<CommentEmailsOutcome>({ kind: 'none' });
  // The newest wish while a save is under way: a second change waits for the first and is then
  // saved, so two saves never race and the last change the person made is the one that stays.
  const latest = useRef<boolean | null>(null);
  const saving = useRef(false);

  /** The end of a save: the switch shows the stored setting and says how it went, at once. */
  const finish = (next: CommentEmailsOutcome) => {
    saving.current = false;
    latest.current = null;
    setWanted(null);
    setOutcome(next);
  };

  const save = async (target: boolean): Promise<void> => {
    let receiving: boolean;
    try {
      receiving = (await selectionsApi.setCommentEmails(proposalId, target)).receiving;
    } catch {
      return finish(await readStored(target));
    }
    await applySaved({ type: 'setCommentEmails', receiving });
    if (latest.current !== null && latest.current !== target) return save(latest.current);
    finish({ kind: 'saved', receiving });
  };

  /** After a failed save: the stored setting, and whether the change was stored after all. */
  const readStored = async (target: boolean): Promise<CommentEmailsOutcome> => {
    try {
      const { receiving } = await selectionsApi.commentEmails(proposalId);
      await applySaved({ type: 'setCommentEmails', receiving });
      // The answer was lost, but the change was made (a connection dropped after the write).
      return receiving === target ? { kind: 'saved', receiving } : { kind: 'failed', known: true };
    } catch (error) {
      // Signed out or no longer on the proposal: the page read again goes where it says.
      if (accessLost(error as Error)) void reload();
      return { kind: 'failed', known: false };
    }
  };

  const change = (receiving: boolean) => {
    latest.current = receiving;
    setWanted(receiving);
    setOutcome({ kind: 'saving' });
    if (saving.current) return;
    saving.current = true;
    void save(receiving);
  };

  return { checked: wanted ?? stored, outcome, change };
}
