import { CircleHelp } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import styles from './help-panel.module.css';

// The panel, its dialog, the FAQ and the contact form load when help is first opened (decision
// 0033): no page's first load carries them.
const HelpDialog = lazy(() => import('./help-dialog').then((m) => ({ default: m.HelpDialog })));

/**
 * The help launcher (decision 0011): a round button in the bottom-right corner opening the help
 * panel (help-dialog.tsx). Mounted by the layout where launcher-visibility.ts allows it.
 */
export function HelpLauncher() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={launcher}
        type="button"
        className={styles.launcher}
        aria-label="Help"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <CircleHelp size={26} aria-hidden="true" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <HelpDialog open={open} onOpenChange={setOpen} launcher={launcher} />
        </Suspense>
      )}
    </>
  );
}
