import * as Dialog from '@radix-ui/react-dialog';
import { UserRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { useSession } from '../auth/api';
import { useContractors } from '../proposals/api';
import { errorText } from '../../lib/error-text';
import { reassignTargets } from './menu-entries';
import { proposalTitle } from './row-model';
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
  const filterId = useId();
  const emails = contractors.data ? reassignTargets(contractors.data, user?.email) : [];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? emails.filter((email) => email.includes(needle)) : emails;

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} onCloseAutoFocus={props.onCloseAutoFocus}>
          <Dialog.Title className={styles.title}>Reassign this proposal</Dialog.Title>
          <Dialog.Description className={styles.description}>
            Choose the contractor who should own “{proposalTitle(props.item)}”. You’ll confirm
            before anything changes.
          </Dialog.Description>
          {contractors.isPending ? (
            <p className={styles.loading} role="status">
              <Spinner />
              Loading contractors…
            </p>
          ) : contractors.isError ? (
            <div role="alert" className={styles.alert}>
              <p className={styles.alertText}>
                {errorText(contractors.error, 'The contractors could not be loaded.')}
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
            <p className={styles.description}>There are no other contractors to reassign to yet.</p>
          ) : (
            <>
              {emails.length >= FILTER_FROM && (
                <div className={styles.field}>
                  <label htmlFor={filterId} className={styles.label}>
                    Find a contractor
                  </label>
                  <input
                    id={filterId}
                    type="search"
                    // The list may arrive after the dialog opened: start here once it does.
                    autoFocus
                    className={styles.input}
                    value={filter}
                    onChange={(event) => setFilter(event.target.value)}
                  />
                </div>
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
                <p className={styles.description}>No contractor matches “{filter.trim()}”.</p>
              )}
            </>
          )}
          <div className={styles.actions}>
            <Dialog.Close className="btn btn-secondary">Cancel</Dialog.Close>
          </div>
          <Dialog.Close className={styles.closeIcon} aria-label="Close">
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
