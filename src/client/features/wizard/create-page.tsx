import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { User } from '../../../shared/schemas/auth';
import type { FileRef, ProposalInput } from '../../../shared/schemas/proposal';
import { PageSpinner } from '../../ui/page-spinner';
import { useAccountLogo } from '../account/api';
import { useSession } from '../auth/api';
import { SavedFilesContext } from '../uploads/upload-activity';
import { useCreateProposal, useSendCreated } from '../proposals/api';
import {
  initialCreateState,
  keepStoredDraft,
  replaceStoredDraft,
  type CreateInitialState,
} from './create-initial';
import { clearDraft, loadDraft, rememberCreated, saveDraft } from './draft-storage';
import { DRAFT_DISPLACED, KEEP_HERE, useDraftSlot } from './draft-slot';
import { ReplaceDraftQuestion } from './replace-draft-question';
import { WizardForm } from './wizard-form';
import { claimDefaults, type WizardValues } from './wizard-values';
import { errorText } from '../../lib/error-text';

const CREATE_FAILED = 'We could not create the proposal. Please try again.';
export const EMAIL_COPY_FAILED =
  'Your proposal was created, but we could not email you a link to it. You can send it from here.';

/**
 * /create/ (docs/product/proposals-editor.md, Create flow). A contractor creates their own proposal. Logged out, or signed in
 * as a homeowner or designer ('Send Proposal'), it is created unowned and claimed through
 * /proposal/signup/{id}/ (decision 0010).
 */
export function Component() {
  const { user, isLoading } = useSession();
  const account = useAccountLogo(user);
  if (isLoading || account.isLoading) return <PageSpinner label="Loading the proposal wizard…" />;
  return <CreatePage user={user} accountLogo={account.logo} />;
}

let seedKeyCount = 0;
const seedKey = () => `seed-${Date.now().toString(36)}-${(++seedKeyCount).toString(36)}`;

/** What the form starts with; asks first when a handed-over draft would replace one with work. */
function CreatePage({ user, accountLogo }: { user: User | null; accountLogo: FileRef | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [start, setStart] = useState(() =>
    initialCreateState(location.state, loadDraft(), user, seedKey, accountLogo),
  );
  if (start.replacing) {
    return (
      <ReplaceDraftQuestion
        draft={start.replacing}
        onKeep={() => {
          setStart(keepStoredDraft(start));
          // The handed-over draft is dropped: a reload restores the kept one without asking.
          void navigate(location.pathname, { replace: true, state: null });
        }}
        onReplace={() => setStart(replaceStoredDraft(start))}
      />
    );
  }
  return <CreateWizard user={user} initial={start} accountLogo={accountLogo} />;
}

function CreateWizard({
  user,
  initial,
  accountLogo,
}: {
  user: User | null;
  initial: CreateInitialState;
  accountLogo: FileRef | null;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const create = useCreateProposal();
  const sendCreated = useSendCreated();
  /** What happens once the proposal exists; until the next page shows, Create stays pressed. */
  const [finishing, setFinishing] = useState<string | null>(null);
  // Once created or discarded, nothing may write the draft back.
  const stopped = useRef(false);
  const { draftId } = initial;
  const { displaced, onSnapshot, keepHere } = useDraftSlot(draftId, initial, stopped);
  // The account's logo on the cover is borrowed, and so may be the logo a stored draft starts
  // with (the account's before it was replaced, which other covers show): removing either drops
  // it from this proposal and never deletes the file, as a saved proposal's files in the editor.
  const kept = useMemo(
    () =>
      new Set([accountLogo?.id, initial.values.companyLogo?.id].filter((id) => id !== undefined)),
    [accountLogo, initial],
  );

  // A handed-over draft is used once: it becomes the stored draft, so a reload restores it.
  useEffect(() => {
    if (initial.source !== 'seed') return;
    saveDraft(initial.values, initial.groups, draftId);
    void navigate(location.pathname, { replace: true, state: null });
  }, [initial, draftId, location.pathname, navigate]);

  const finish = async (id: string, values: WizardValues) => {
    stopped.current = true;
    // The next page may load its code first: a second press meanwhile would make a second copy.
    setFinishing(user?.role === 'contractor' ? 'Emailing you a link to it…' : 'Opening…');
    clearDraft(draftId);
    rememberCreated(id);
    if (!user) {
      await navigate(paths.proposalSignup(id), { state: claimDefaults(values) });
      return;
    }
    // A homeowner or designer ('Send Proposal'): the copy goes to the contractor they name.
    if (user.role !== 'contractor') {
      await navigate(paths.proposalSignup(id));
      return;
    }
    // The proposal exists whatever happens to the e-mail: go to it either way, saying so if the
    // e-mail failed, rather than leaving a Create button that would make a second copy.
    const notice = await sendCreated
      .mutateAsync({ proposalId: id, to: user.email })
      .then(() => undefined)
      .catch(() => EMAIL_COPY_FAILED);
    await navigate(paths.proposal(id), { state: notice ? { notice } : null });
  };

  const onSave = (input: ProposalInput, values: WizardValues) => {
    create.mutate(input, { onSuccess: (id) => void finish(id, values) });
  };

  const onDiscard = () => {
    stopped.current = true;
    clearDraft(draftId);
    void navigate(user ? paths.dashboard() : paths.home());
  };

  const createError = create.error ? errorText(create.error, CREATE_FAILED) : null;
  const error = createError ?? (displaced ? DRAFT_DISPLACED : null);

  return (
    <SavedFilesContext.Provider value={kept}>
      <title>{`Create a Proposal · ${PRODUCT_NAME}`}</title>
      <WizardForm
        mode="create"
        initialValues={initial.values}
        initialGroups={initial.groups}
        restored={initial.source === 'draft'}
        saving={create.isPending || finishing !== null}
        progress={create.isPending ? 'Creating your proposal…' : (finishing ?? '')}
        error={error}
        errorAction={
          !createError && displaced ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={keepHere}>
              {KEEP_HERE}
            </button>
          ) : undefined
        }
        draftKept={!displaced}
        onSave={onSave}
        onDiscard={onDiscard}
        onSnapshot={onSnapshot}
      />
    </SavedFilesContext.Provider>
  );
}
