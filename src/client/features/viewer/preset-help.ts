import { useEffect, useState } from 'react';
import { onFirstUse } from '../../ui/on-first-use';

/*
 * The help texts of the preset groups (about 3.3 kB as sent) are shown only inside an opened
 * group, so the viewer's first load does not carry them (decision 0064): they load when the plan
 * sees its first sign of use (with its accordion) or when a group opens, whichever comes first.
 * The print page waits for them before it renders, and prints without them if they fail to load.
 */
export const presetHelpTexts = onFirstUse(
  () => import('../../../shared/domain/preset-help-lookup'),
);

/**
 * The help texts once they are there (null until then), and whether loading them failed; starts
 * loading them. A failure is not retried here: the next sign of use (plan-section.tsx) tries again.
 */
function usePresetHelpTexts() {
  const [texts, setTexts] = useState(presetHelpTexts.loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (texts) return;
    let live = true;
    presetHelpTexts.load().then(
      (module) => live && setTexts(() => module),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [texts]);
  return { texts, failed };
}

/** The help of a preset group by name once the texts are there (null until then, or if none). */
export function usePresetHelp(groupName: string): string | null {
  return usePresetHelpTexts().texts?.presetHelp(groupName) ?? null;
}

/**
 * True once loading the texts has ended, with them or without them (it failed); starts loading
 * them. For a page that must show them at once if it can.
 */
export function usePresetHelpSettled(): boolean {
  const { texts, failed } = usePresetHelpTexts();
  return texts !== null || failed;
}
