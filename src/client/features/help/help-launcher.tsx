import { CircleHelp } from 'lucide-react';
import { useRef, useState } from 'react';
import { BusyButton } from '../../ui/busy-button';
import { onFirstUse } from '../../ui/on-first-use';
import { Spinner } from '../../ui/spinner';
import styles from './help-panel.module.css';

// The panel, its dialog, the FAQ and the contact form load when help is first opened (decision
// 0033): no page's first load carries them. A load that fails (offline, a tab kept open across
// a release) is said beside the button and tried again on the next press; the page stays.
const helpPart = onFirstUse(() => import('./help-dialog'));

export const HELP_NOT_LOADED =
  'Help could not be loaded. Check your connection, then press Help again.';

/**
 * The help launcher (decision 0011): a round button in the bottom-right corner opening the help
 * panel (help-dialog.tsx). Mounted by the layout where launcher-visibility.ts allows it.
 */
export function HelpLauncher() {
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState(helpPart.loaded);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);

  // A press while loading never gets here: BusyButton ignores it.
  const openHelp = () => {
    setFailed(false);
    if (help) return setOpen(true);
    setLoading(true);
    helpPart
      .load()
      .then(
        (module) => {
          setHelp(module);
          setOpen(true);
        },
        () => setFailed(true),
      )
      .finally(() => setLoading(false));
  };

  return (
    <>
      <BusyButton
        ref={launcher}
        className={styles.launcher}
        data-help-launcher
        aria-label="Help"
        aria-haspopup="dialog"
        aria-expanded={open}
        busy={loading}
        onClick={openHelp}
      >
        {loading ? <Spinner /> : <CircleHelp size={26} aria-hidden="true" />}
      </BusyButton>
      <div aria-live="polite" className={styles.launcherNotice}>
        {failed && <p className={styles.launcherError}>{HELP_NOT_LOADED}</p>}
      </div>
      {help && <help.HelpDialog open={open} onOpenChange={setOpen} launcher={launcher} />}
    </>
  );
}
