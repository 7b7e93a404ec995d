import { CallError } from '../../ui/call-error';
import dialogStyles from '../../ui/dialog.module.css';
import { BusyButton } from '../../ui/busy-button';
import { Spinner } from '../../ui/spinner';

interface GiveAwayConfirmProps {
  pending: boolean;
  /** The failed reassign call, if any; its server message shows above the buttons. */
  error: unknown;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The last step of 'Copy Proposal URL': 'Back' (to correct the address) or 'Create link'. The
 * panel has focus (copy-url-dialog.tsx) and Back comes first, as Cancel does in every
 * confirmation, so Enter never gives a proposal away.
 */
export function GiveAwayConfirm({ pending, error, onBack, onConfirm }: GiveAwayConfirmProps) {
  return (
    <>
      {!pending && (
        <CallError
          error={error}
          fallback="The proposal could not be reassigned. Please try again."
          serverFaults="hide"
          className={dialogStyles.alert}
        />
      )}
      <div className={dialogStyles.actions}>
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) onBack();
          }}
        >
          Back
        </button>
        <BusyButton className="btn btn-primary" busy={pending} onClick={() => onConfirm()}>
          {pending && <Spinner />}
          Create link
        </BusyButton>
      </div>
    </>
  );
}
