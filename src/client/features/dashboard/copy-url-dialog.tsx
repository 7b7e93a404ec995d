import { useState } from 'react';
import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { Dialog, DialogClose } from '../../ui/dialog';
import dialogStyles from '../../ui/dialog.module.css';
import { useReassignProposal } from '../proposals/api';
import { CopyField } from './copy-field';
import { NewOwnerForm } from './new-owner-form';
import { absoluteUrl, proposalTitle } from './row-model';

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
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      busy={reassign.isPending}
      size="form"
      onCloseAutoFocus={onCloseAutoFocus}
      title={link ? 'Proposal URL' : 'Copy Proposal URL'}
      description={
        link ? (
          <>
            “{title}” now belongs to {link.owner}. Send them this link to open it.
          </>
        ) : (
          <>
            Enter the e-mail of the contractor who will take over “{title}”. We’ll create their
            account, make them the owner and give you the link to send them.
          </>
        )
      }
    >
      {link ? (
        <>
          <CopyField label="Proposal URL" value={link.url} />
          <div className={dialogStyles.actions}>
            <DialogClose className="btn btn-primary">Done</DialogClose>
          </div>
        </>
      ) : (
        <NewOwnerForm pending={reassign.isPending} error={reassign.error} onSubmit={submit} />
      )}
    </Dialog>
  );
}
