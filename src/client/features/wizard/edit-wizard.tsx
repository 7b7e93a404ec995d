import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { fromCostGroups } from '../../../shared/domain/plan-editor';
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

  const onSave = (input: ProposalInput) => {
    setLastInput(input);
    update.mutate(
      { ...input, version: base.version, ...(withdrawSignature ? { withdrawSignature } : {}) },
      {
        onSuccess: () => void navigate(paths.proposal(base._id)),
        onError: (error) => setStaleOpen(isStale(error)),
      },
    );
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

  const stale = isStale(update.error);
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
          stale ? (
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() => setStaleOpen(true)}
            >
              Review
            </button>
          ) : undefined
        }
        onSave={onSave}
        onDiscard={() => void navigate(paths.proposal(base._id))}
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
