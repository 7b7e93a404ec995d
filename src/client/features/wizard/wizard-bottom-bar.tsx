import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { BusyButton } from '../../ui/busy-button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useFocusClearOfBar } from '../../ui/focus-clear-of-bar';
import { SAVE_BUTTON_ID } from './steps';
import { isSaveShortcut, saveShortcutText } from './save-shortcut';
import styles from './wizard-bars.module.css';

/** The spec's question before a wizard's changes are thrown away. */
export const DISCARD_QUESTION = 'Are you sure you want to discard your updates?';
export const DISCARD_EDITS = 'Changes made since you opened this proposal will be lost.';

interface WizardBottomBarProps {
  mode: 'create' | 'edit';
  saving: boolean;
  /** What is happening while saving: 'Creating your proposal…'. */
  progress: string;
  error: string | null;
  /** A way out of the error, e.g. Reload for a stale version. */
  errorAction?: ReactNode;
  /** Create only: whether the draft is being saved on this device as the person types. */
  draftKept: boolean;
  uploadsInFlight: number;
  onSave: () => void;
  onDiscard: () => void;
}

/** The sticky bar: 'Create Proposal' or 'Update Proposal', and 'Cancel' which asks first (docs/product/proposals-editor.md). */
export function WizardBottomBar(props: WizardBottomBarProps) {
  const {
    mode,
    saving,
    progress,
    error,
    errorAction,
    draftKept,
    uploadsInFlight,
    onSave,
    onDiscard,
  } = props;
  const [confirming, setConfirming] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  useFocusClearOfBar(bar);
  const waiting = uploadsInFlight > 0;
  const shortcut = saveShortcutText(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const blocked = saving || waiting || confirming;

  // Ctrl+Enter (Cmd+Enter on a Mac) saves from anywhere in the wizard, unless a dialog is open.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event) || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      if (!blocked) onSave();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [blocked, onSave]);
  const status = saving
    ? progress
    : waiting
      ? `Waiting for ${uploadsInFlight === 1 ? 'an upload' : `${uploadsInFlight} uploads`} to finish…`
      : mode === 'create' && draftKept
        ? 'Your draft is saved on this device as you type.'
        : '';

  return (
    <div ref={bar} className={styles.bottomBar} data-sticky-bottom>
      <div className={styles.bottomInner}>
        <div className={styles.bottomText}>
          <div role="alert" className={error ? styles.saveError : undefined}>
            {error && (
              <>
                <TriangleAlert size={18} aria-hidden="true" />
                <p>{error}</p>
                {errorAction}
              </>
            )}
          </div>
          <p role="status" className={styles.saveStatus}>
            {status}
          </p>
        </div>
        <div className={styles.bottomActions}>
          <p className={styles.shortcut} id={`${SAVE_BUTTON_ID}-shortcut`}>
            {shortcut.keys.map((key, index) => (
              <span key={key}>
                {index > 0 && '+'}
                <kbd>{key}</kbd>
              </span>
            ))}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={saving}
            onClick={() => setConfirming(true)}
          >
            Cancel
          </button>
          <BusyButton
            id={SAVE_BUTTON_ID}
            className="btn btn-primary"
            // Saving, it stays focusable (busy, not disabled): the keyboard keeps its place.
            disabled={waiting && !saving}
            busy={saving}
            aria-keyshortcuts={shortcut.aria}
            aria-describedby={`${SAVE_BUTTON_ID}-shortcut`}
            onClick={() => onSave()}
          >
            {saving && <LoaderCircle size={18} className={styles.spin} aria-hidden="true" />}
            {mode === 'create' ? 'Create Proposal' : 'Update Proposal'}
          </BusyButton>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={DISCARD_QUESTION}
        description={
          mode === 'create'
            ? 'Your draft, with everything you entered, will be deleted.'
            : DISCARD_EDITS
        }
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        onConfirm={onDiscard}
      />
    </div>
  );
}
