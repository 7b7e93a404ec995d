import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { fromCostGroups } from '../../../shared/domain/plan-editor';
import {
  putBackMessage,
  removedWithOptions,
  removingOptionsMessage,
} from '../../../shared/domain/plan-removals';
import type { ConflictCode } from '../../../shared/schemas/errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { createAnnouncer, StatusAnnouncer } from '../../ui/status-announcer';
import { LeaveQuestion } from '../../ui/leave-question';
import { paths } from '../../../shared/paths';
import {
  CONTRACTOR_SIGNED,
  STALE_VERSION,
  type Proposal,
  type ProposalInput,
} from '../../../shared/schemas/proposal';
import { ApiRequestError } from '../../lib/api';
import { useUpdateProposal } from '../proposals/api';
import { SavedFilesContext } from '../uploads/upload-activity';
import { StaleVersionDialog } from './stale-version-dialog';
import { unsavedText } from './unsaved-text';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { DISCARD_EDITS, DISCARD_QUESTION } from './wizard-bottom-bar';
import { WizardForm, type WizardHandle } from './wizard-form';
import { savedFileIds, valuesFromProposal } from './wizard-values';
import { errorText } from '../../lib/error-text';

const UPDATE_FAILED = 'We could not save your changes. Please try again.';
/**
 * A save refused because the session ended elsewhere (a log-out in another tab, an expired
 * session): what was typed is still on this page, and a log-in from another tab lets the same
 * press save it, where the server's 'Please log in to continue.' left the person guessing.
 */
export const LOGGED_OUT =
  'You were logged out, so your changes were not saved. They stay on this page: log in from ' +
  'another tab, then press Update Proposal again.';
const RELOAD_FAILED = 'We could not load the latest version. Please try again.';

interface EditWizardProps {
  proposal: Proposal;
  refetch: () => Promise<{ data?: Proposal | undefined; error: Error | null }>;
  /** The owner signed and confirmed that saving withdraws the signature (decision 0009). */
  withdrawSignature?: boolean;
}

const isStale = (error: unknown) => error instanceof ApiRequestError && error.status === 409;
/** The owner signed since the editor loaded; the save must say it withdraws that (decision 0009). */
const isContractorSigned = (error: unknown) =>
  isStale(error) &&
  (error as ApiRequestError).code === ('contractor_signed' satisfies ConflictCode);
/** Items this save removes gained options in the shop since the editor loaded (decision 0073). */
const isOptionsGained = (error: unknown) =>
  isStale(error) && (error as ApiRequestError).code === ('options_gained' satisfies ConflictCode);

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
  // What the last 409 was about, kept while its dialog saves (a new save clears `update.error`).
  const [staleKind, setStaleKind] = useState<'changed' | 'signed'>('changed');
  // Agreed in the dialog of a 409 `contractor_signed`: from then on every save withdraws, as
  // when it was agreed before the editor opened (`withdrawSignature`).
  const [withdrawAgreed, setWithdrawAgreed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const [lastInput, setLastInput] = useState<ProposalInput | null>(null);
  const savedFiles = useMemo(() => savedFileIds(base), [base]);

  const [gainedOpen, setGainedOpen] = useState(false);
  const wizard = useRef<WizardHandle>(null);
  const hasChanges = useCallback(() => wizard.current?.hasChanges() ?? false, []);
  const { blocker, allowLeaving } = useLeaveGuard(hasChanges);

  /**
   * Saves with the option counts `shown` for the items the save removes (decision 0073): an item
   * with more options now is not removed unseen.
   */
  const save = (
    input: ProposalInput,
    shown: Proposal['costGroups'],
    withdraw = withdrawSignature || withdrawAgreed,
  ) => {
    const saved = (input.costGroups ?? []).map((group) => ({ values: group.values ?? [] }));
    update.mutate(
      {
        ...input,
        version: base.version,
        removing: removedWithOptions(shown, saved),
        ...(withdraw ? { withdrawSignature: true } : {}),
      },
      {
        onSuccess: () => {
          allowLeaving();
          void navigate(paths.proposal(base._id));
        },
        onError: (error) => {
          const gained = isOptionsGained(error);
          setGainedOpen(gained);
          setStaleOpen(!gained && isStale(error));
          if (!gained && isStale(error)) {
            setStaleKind(isContractorSigned(error) ? 'signed' : 'changed');
          }
        },
      },
    );
  };

  // Items that had options when the editor opened, which this save removes: asked first.
  const [removing, setRemoving] = useState<{ ids: string[]; names: string[]; text: string } | null>(
    null,
  );
  const onSave = (input: ProposalInput) => {
    setLastInput(input);
    const saved = (input.costGroups ?? []).map((group) => ({ values: group.values ?? [] }));
    const removed = removedWithOptions(base.costGroups, saved);
    if (removed.length > 0) {
      const nameOf = new Map(
        base.costGroups.flatMap((group) => group.values).map((item) => [item.id, item.name]),
      );
      const named = removed.map((item) => ({ ...item, name: nameOf.get(item.id) ?? '' }));
      setRemoving({
        ids: named.map((item) => item.id),
        names: named.map((item) => item.name),
        text: removingOptionsMessage(named),
      });
      return;
    }
    save(input, base.costGroups);
  };
  const removeAsked = () => {
    const input = wizard.current?.currentInput() ?? lastInput;
    setRemoving(null);
    if (input) save(input, base.costGroups);
  };

  /*
   * The question's third answer (decision 0086): the items it names come back as saved, with
   * their options, and nothing is sent. 'Keep editing' still leaves the plan as it is. Focus
   * goes to the first of them, so the rows are in sight; the live region says which came back.
   */
  const [announcer] = useState(createAnnouncer);
  const focusOnClose = useRef<string | null>(null);
  const putBack = () => {
    if (!removing) return;
    const keys = wizard.current?.putBack(base.costGroups, removing.ids) ?? [];
    focusOnClose.current = keys[0] ?? null;
    setRemoving(null);
    announcer.announce(putBackMessage(removing.names));
  };
  const onRemovingClosed = (event: Event) => {
    const key = focusOnClose.current;
    focusOnClose.current = null;
    const name = key
      ? document.querySelector<HTMLElement>(
          `li[data-item-key="${CSS.escape(key)}"] [data-item-name]`,
        )
      : null;
    if (!name) return;
    event.preventDefault();
    name.focus();
  };

  // A dialog's save found the form failing a check ('Save and withdraw', 'Remove and save'):
  // shown at its field once the dialog is closed, so focus can go there rather than back where
  // it was when the dialog opened.
  const showCheckOnClose = useRef(false);
  /** Closes a dialog whose save found the form failing a check; its field shows why. */
  const closeForCheck = (form: typeof wizard.current, close: () => void) => {
    showCheckOnClose.current = form !== null;
    close();
  };
  const onCheckClosed = (event: Event) => {
    if (!showCheckOnClose.current) return;
    showCheckOnClose.current = false;
    event.preventDefault();
    wizard.current?.checkedInput();
  };

  const [counting, setCounting] = useState(false);
  const [countError, setCountError] = useState<string | null>(null);
  /**
   * 'Remove and save': the form as it is now (the user may have typed on), checked as 'Update
   * Proposal' checks it, with the options as they are now, read again. Options added after that
   * are asked about again; a plan saved elsewhere meanwhile is the stale-version 409, as for any
   * save. A failed check sends nothing.
   */
  const removeAnyway = async () => {
    const form = wizard.current;
    const input = form ? form.checkedInput() : lastInput;
    if (!input) return closeForCheck(form, () => setGainedOpen(false));
    setCounting(true);
    setCountError(null);
    const result = await refetch();
    setCounting(false);
    if (!result.data || result.error) {
      setCountError(RELOAD_FAILED);
      return;
    }
    save(input, result.data.costGroups);
  };

  const reload = async () => {
    setReloading(true);
    setReloadError(null);
    // A newer version found signed or closed to editing keeps this page and what is typed in it
    // (edit-page.tsx, decision 0075): its next save is refused with the reason.
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

  /**
   * The form as it is now (the user may have typed on since the 409), checked as 'Update
   * Proposal' checks it, then saved and withdrawing. A failed check sends nothing: the signature
   * stays, and the next save asks again.
   */
  const saveAndWithdraw = () => {
    const form = wizard.current;
    const input = form ? form.checkedInput() : lastInput;
    if (!input) return closeForCheck(form, () => setStaleOpen(false));
    setWithdrawAgreed(true);
    save(input, base.costGroups, true);
  };

  const gained = isOptionsGained(update.error);
  const stale = !gained && isStale(update.error);
  const loggedOut = update.error instanceof ApiRequestError && update.error.status === 401;
  const error = loggedOut
    ? LOGGED_OUT
    : update.error
      ? errorText(update.error, UPDATE_FAILED)
      : null;

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
          loggedOut ? (
            // A new tab: leaving this one would take the unsaved changes with it.
            <a
              className="btn btn-sm btn-secondary"
              href={paths.signin()}
              target="_blank"
              rel="noopener"
            >
              Log in<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : stale || gained ? (
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() => (gained ? setGainedOpen(true) : setStaleOpen(true))}
            >
              Review
            </button>
          ) : undefined
        }
        handle={wizard}
        onSave={onSave}
        onDiscard={() => {
          allowLeaving();
          void navigate(paths.proposal(base._id));
        }}
      />
      <StatusAnnouncer announcer={announcer} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove items with product options?"
        description={removing?.text ?? ''}
        confirmLabel="Remove and save"
        cancelLabel="Keep editing"
        pending={update.isPending}
        onConfirm={removeAsked}
        alternative={{
          label: removing?.ids.length === 1 ? 'Put it back' : 'Put them back',
          onSelect: putBack,
        }}
        onCloseAutoFocus={onRemovingClosed}
      />
      <ConfirmDialog
        open={gainedOpen}
        onOpenChange={setGainedOpen}
        title="Remove items that have new options?"
        description={gained && error ? error : ''}
        confirmLabel="Remove and save"
        cancelLabel="Keep editing"
        pending={update.isPending || counting}
        error={countError}
        onConfirm={() => void removeAnyway()}
        onCloseAutoFocus={onCheckClosed}
      />
      <LeaveQuestion
        blocker={blocker}
        title={DISCARD_QUESTION}
        description={DISCARD_EDITS}
        cancelLabel="Keep editing"
      />
      <StaleVersionDialog
        open={staleOpen}
        onOpenChange={setStaleOpen}
        message={
          staleKind === 'signed' ? CONTRACTOR_SIGNED : stale && error ? error : STALE_VERSION
        }
        text={() => {
          const input = wizard.current?.currentInput() ?? lastInput;
          return input ? unsavedText(input) : '';
        }}
        reloading={reloading}
        reloadError={reloadError}
        onReload={() => void reload()}
        withdraw={
          staleKind === 'signed'
            ? { saving: update.isPending, onConfirm: saveAndWithdraw }
            : undefined
        }
        onCloseAutoFocus={onCheckClosed}
      />
    </SavedFilesContext.Provider>
  );
}
