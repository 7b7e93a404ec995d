import { useEffect, useState } from 'react';
import { onFirstUse } from '../../ui/on-first-use';

/*
 * The help texts of the preset groups (about 3.3 kB as sent) are shown only inside an opened
 * group, so the viewer's first load does not carry them (decision 0064): they load when the plan
 * sees its first sign of use (with its accordion) or when a group opens, whichever comes first.
 * The print page waits for them before it renders (`presetHelpTexts.load()`).
 */
export const presetHelpTexts = onFirstUse(
  () => import('../../../shared/domain/preset-help-lookup'),
);

/** The help texts once they are there (null until then); starts loading them. */
function usePresetHelpTexts() {
  const [texts, setTexts] = useState(presetHelpTexts.loaded);
  useEffect(() => {
    if (texts) return;
    let live = true;
    presetHelpTexts.load().then(
      (module) => live && setTexts(() => module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [texts]);
  return texts;
}

/** The help of a preset group by name once the texts are there (null until then, or if none). */
export function usePresetHelp(groupName: string): string | null {
  return usePresetHelpTexts()?.presetHelp(groupName) ?? null;
}

/** True once the texts are there; starts loading them. For a page that must show them at once. */
export function usePresetHelpLoaded(): boolean {
  return usePresetHelpTexts() !== null;
}
