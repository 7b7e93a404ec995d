import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SIGNED_OUT_KEY } from '../../lib/local-drafts';
import { DRAFT_KEY, saveDraft } from './draft-storage';
import type { WizardSnapshot } from './use-snapshot';

export const DRAFT_DISPLACED =
  'This draft was changed in another tab, so what you type here is no longer saved on this device.';
export const KEEP_HERE = 'Save this one here';

/**
 * The one draft slot of this device, shared by every /create tab (decision 0074). A tab saves
 * its draft as the person types until another tab writes the slot; from then on it stops
 * saving, so neither tab's work is overwritten unasked, and says so. 'Save this one here' takes
 * the slot back (the other tab is then told the same). When the other tab clears the slot
 * (it created its proposal or discarded its draft), this one stores what it holds at once: it
 * says its draft is saved on this device, and it is. After a sign-out in any tab, it saves
 * nothing more.
 */
export function useDraftSlot(
  draftId: string,
  initial: WizardSnapshot,
  stopped: RefObject<boolean>,
) {
  const [displaced, setDisplaced] = useState(false);
  const displacedNow = useRef(false);
  const latest = useRef<WizardSnapshot>(initial);
  // Signed out in another tab: the draft belongs to the person who left, and is no longer kept.
  const signedOut = useRef(false);

  const mark = useCallback((value: boolean) => {
    displacedNow.current = value;
    setDisplaced(value);
  }, []);

  useEffect(() => {
    // The storage event reaches every other tab of this origin, never the one that wrote.
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIGNED_OUT_KEY) signedOut.current = true;
      if (event.key !== DRAFT_KEY || stopped.current || signedOut.current) return;
      if (event.newValue !== null) {
        mark(true);
        return;
      }
      mark(false);
      saveDraft(latest.current.values, latest.current.groups, draftId);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [draftId, mark, stopped]);

  const onSnapshot = useCallback(
    (snapshot: WizardSnapshot) => {
      latest.current = snapshot;
      if (!stopped.current && !displacedNow.current && !signedOut.current) {
        saveDraft(snapshot.values, snapshot.groups, draftId);
      }
    },
    [draftId, stopped],
  );

  const keepHere = useCallback(() => {
    if (signedOut.current) return;
    mark(false);
    saveDraft(latest.current.values, latest.current.groups, draftId);
  }, [draftId, mark]);

  return { displaced, onSnapshot, keepHere };
}
