import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { fromCostGroups } from '../../../shared/domain/plan-editor';
import {
  isOptionsGainedMessage,
  removedWithOptions,
  type RemovedItem,
} from '../../../shared/domain/plan-removals';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { paths } from '../../../shared/paths';
import { STALE_VERSION, type Proposal, type ProposalInput } from '../../../shared/schemas/proposal';
import { ApiRequestError } from '../../lib/api';
import { useUpdateProposal } from '../proposals/api';
import { SavedFilesContext } from '../uploads/upload-activity';
import { StaleVersionDialog } from './stale-version-dialog';
import { unsavedText } from './unsaved-text';
import { WizardForm } from './wizard-form';
import { savedFileIds, valuesFromProposal } from './wizard-values';
import { errorText } from '../../lib/error-text';

const UPDATE_FAILED = 'We could not save your changes. Please try again.';
const RELOAD_FAILED = 'We could not load the latest version. Please try again.';

interface EditWizardProps {
  proposal: Proposal;
  refetch: () => Promise<{ data?: Proposal | undefined; error: Error | null }>;
  /** The owner signed and confirmed that saving withdraws the signature (decision 0009). */
  withdrawSignature?: boolean;
}

const isStale = (error: unknown) => error instanceof ApiRequestError && error.status === 409;
/** Items this save removes gained options in the shop since the editor loaded (decision 0073). */
const isOptionsGained = (error: unknown) =>
  isStale(error) && isOptionsGainedMessage((error as ApiRequestError).message);

/**
 * The wizard for a saved proposal. It saves with the version it was loaded at; a 409 means the
 * proposal changed elsewhere: the form stays as typed until the user chooses to reload.
 */
export function EditWizard({ proposal, refetch, withdrawSignature = false }: EditWizardProps) {
  const navigate = useNavigate();
  // The version the form is based on; a reload replaces it (and re-creates the form).
  const [base, setBase] = useState(proposal);
  const update = useUpdateProposal(base._id);
  const [staleOpen, setStaleOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const [lastInput, setLastInput] = useState<ProposalInput | null>(null);
  const savedFiles = useMemo(() => savedFileIds(base), [base]);

  const [gainedOpen, setGainedOpen] = useState(false);

  /** `removing` unset: the user has agreed to remove the items with whatever options they have. */
  const save = (input: ProposalInput, removing: RemovedItem[] | undefined) => {
    update.mutate(
      {
        ...input,
        version: base.version,
        ...(removing ? { removing } : {}),
        ...(withdrawSignature ? { withdrawSignature } : {}),
      },
      {
        onSuccess: () => void navigate(paths.proposal(base._id)),
        onError: (error) => {
          const gained = isOptionsGained(error);
          setGainedOpen(gained);
          setStaleOpen(!gained && isStale(error));
        },
      },
    );
  };

  const onSave = (input: ProposalInput) => {
    setLastInput(input);
    // The options each removed item showed: items that gained some since are not removed unseen.
    const saved = (input.costGroups ?? []).map((group) => ({ values: group.values ?? [] }));
    save(input, removedWithOptions(base.costGroups, saved));
  };

  const reload = async () => {
    setReloading(true);
    setReloadError(null);
    // A newer version found signed or no longer editable replaces this page with the reason.
    const result = await refetch();
    setReloading(false);
    if (!result.data || result.error) {
      setReloadError(RELOAD_FAILED);
      return;
    }
    update.reset();
    setStaleOpen(false);
    setBase(result.data);
  };

  const gained = isOptionsGained(update.error);
  const stale = !gained && isStale(update.error);
  const error = update.error ? errorText(update.error, UPDATE_FAILED) : null;

  return (
    <SavedFilesContext.Provider value={savedFiles}>
      <title>{`Edit ${base.projectName || 'your Proposal'} · ${PRODUCT_NAME}`}</title>
      <WizardForm
        key={base.version}
        mode="edit"
        initialValues={valuesFromProposal(base)}
        initialGroups={fromCostGroups(base.costGroups).groups}
        saving={update.isPending}
        progress="Saving your changes…"
        error={error}
        errorAction={
          stale || gained ? (
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() => (gained ? setGainedOpen(true) : setStaleOpen(true))}
            >
              Review
            </button>
          ) : undefined
        }
        onSave={onSave}
        onDiscard={() => void navigate(paths.proposal(base._id))}
      />
      <ConfirmDialog
        open={gainedOpen}
        onOpenChange={setGainedOpen}
        title="Remove items that have new options?"
        description={gained && error ? error : ''}
        confirmLabel="Remove and save"
        cancelLabel="Keep editing"
        pending={update.isPending}
        onConfirm={() => {
          if (lastInput) save(lastInput, undefined);
        }}
      />
      <StaleVersionDialog
        open={staleOpen}
        onOpenChange={setStaleOpen}
        message={stale && error ? error : STALE_VERSION}
        text={lastInput ? unsavedText(lastInput) : ''}
        reloading={reloading}
        reloadError={reloadError}
        onReload={() => void reload()}
      />
    </SavedFilesContext.Provider>
  );
}
