import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { useReassignProposal } from '../proposals/api';
import { CopyField } from './copy-field';
import { NewOwnerForm } from './new-owner-form';
import { absoluteUrl, proposalTitle } from './row-model';
import styles from './dialog.module.css';

interface CopyUrlDialogProps {
  item: ProposalListItem;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * 'Copy Proposal URL' (docs/product/dashboard.md): asks for a new contractor's e-mail, creates that account and
 * reassigns the proposal to it, then shows the link to send them. Cancelling the first step
 * changes nothing.
 */
export function CopyUrlDialog({ item, onClose, onCloseAutoFocus }: CopyUrlDialogProps) {
  const reassign = useReassignProposal();
  const [link, setLink] = useState<{ url: string; owner: string } | null>(null);
  const title = proposalTitle(item);

  const submit = (newOwner: string) =>
    reassign.mutate(
      { id: item._id, newOwner, createNew: true },
      {
        onSuccess: (reply) =>
          setLink({ url: absoluteUrl(reply.url, window.location.origin), owner: reply.owner }),
      },
    );

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !reassign.isPending) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={(event) => {
            if (reassign.isPending) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (reassign.isPending) event.preventDefault();
          }}
        >
          {link ? (
            <>
              <Dialog.Title className={styles.title}>Proposal URL</Dialog.Title>
              <Dialog.Description className={styles.description}>
                “{title}” now belongs to {link.owner}. Send them this link to open it.
              </Dialog.Description>
              <CopyField label="Proposal URL" value={link.url} />
              <div className={styles.actions}>
                <Dialog.Close className="btn btn-primary">Done</Dialog.Close>
              </div>
            </>
          ) : (
            <>
              <Dialog.Title className={styles.title}>Copy Proposal URL</Dialog.Title>
              <Dialog.Description className={styles.description}>
                Enter the e-mail of the contractor who will take over “{title}”. We’ll create their
                account, make them the owner and give you the link to send them.
              </Dialog.Description>
              <NewOwnerForm pending={reassign.isPending} error={reassign.error} onSubmit={submit} />
            </>
          )}
          <Dialog.Close
            className={styles.closeIcon}
            aria-label="Close"
            aria-disabled={reassign.isPending || undefined}
          >
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
