import { UserRound } from 'lucide-react';
import { useState } from 'react';
import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { useSession } from '../auth/api';
import { useContractors } from '../proposals/api';
import { errorText, HIDE_FAULTS } from '../../lib/error-text';
import { reassignTargets } from './menu-entries';
import { proposalTitle } from './row-model';
import { Dialog, DialogClose } from '../../ui/dialog';
import dialogStyles from '../../ui/dialog.module.css';
import { FormField } from '../../ui/form-field';
import fieldStyles from '../../ui/form-field.module.css';
import { Spinner } from '../../ui/spinner';
import styles from './dialog.module.css';

/** Above this many contractors a filter field helps find one. */
const FILTER_FROM = 7;

interface ContractorChooserDialogProps {
  item: ProposalListItem;
  onClose: () => void;
  /** A contractor was picked: the confirmation comes next (docs/product/dashboard.md). */
  onChoose: (email: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Reassign to a listed contractor (docs/product/dashboard.md). A dialog rather than a submenu: a list of addresses does
 * not fit beside the menu on a phone, and a long one needs a filter.
 */
export function ContractorChooserDialog(props: ContractorChooserDialogProps) {
  const { user } = useSession();
  const contractors = useContractors(true);
  const [filter, setFilter] = useState('');
  const emails = contractors.data ? reassignTargets(contractors.data, user?.email) : [];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? emails.filter((email) => email.includes(needle)) : emails;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      size="form"
      onCloseAutoFocus={props.onCloseAutoFocus}
      title="Reassign this proposal"
      description={
        <>
          Choose the contractor who should own “{proposalTitle(props.item)}”. You’ll confirm before
          anything changes.
        </>
      }
    >
      {contractors.isPending ? (
        <p className={styles.loading} role="status">
          <Spinner />
          Loading contractors…
        </p>
      ) : contractors.isError ? (
        <div role="alert" className={dialogStyles.alert}>
          <p className={styles.alertText}>
            {errorText(contractors.error, 'The contractors could not be loaded.', HIDE_FAULTS)}
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void contractors.refetch()}
          >
            Try again
          </button>
        </div>
      ) : emails.length === 0 ? (
        <p className={dialogStyles.description}>
          There are no other contractors to reassign to yet.
        </p>
      ) : (
        <>
          {emails.length >= FILTER_FROM && (
            <FormField label="Find a contractor" className={fieldStyles.spaced}>
              {(control) => (
                <input
                  {...control}
                  type="search"
                  // The list may arrive after the dialog opened: start here once it does.
                  autoFocus
                  className={fieldStyles.input}
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                />
              )}
            </FormField>
          )}
          <ul className={styles.choices}>
            {shown.map((email, index) => (
              <li key={email}>
                <button
                  type="button"
                  autoFocus={index === 0 && emails.length < FILTER_FROM}
                  className={styles.choice}
                  onClick={() => props.onChoose(email)}
                >
                  <UserRound size={16} aria-hidden="true" />
                  {email}
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 && (
            <p className={dialogStyles.description}>No contractor matches “{filter.trim()}”.</p>
          )}
        </>
      )}
      <div className={dialogStyles.actions}>
        <DialogClose className="btn btn-secondary">Cancel</DialogClose>
      </div>
    </Dialog>
  );
}
