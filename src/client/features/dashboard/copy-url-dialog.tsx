import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { Dialog, DialogClose } from '../../ui/dialog';
import dialogStyles from '../../ui/dialog.module.css';
import { useReassignProposal } from '../proposals/api';
import { CopyField } from './copy-field';
import { GiveAwayConfirm } from './give-away-confirm';
import { NewOwnerForm } from './new-owner-form';
import { absoluteUrl, proposalTitle } from './row-model';

interface CopyUrlDialogProps {
  item: ProposalListItem;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

type Step =
  | { kind: 'email'; email: string }
  | { kind: 'confirm'; email: string }
  | { kind: 'link'; url: string; owner: string };

/**
 * 'Copy Proposal URL' (docs/product/dashboard.md): asks for a new contractor's e-mail, asks again
 * before giving the proposal away (the spec confirms every reassign, and this one cannot be undone
 * by its sharer), creates that account and reassigns the proposal to it, then shows the link to
 * send them. Cancelling before the last step changes nothing.
 */
export function CopyUrlDialog({ item, onClose, onCloseAutoFocus }: CopyUrlDialogProps) {
  const reassign = useReassignProposal();
  const [step, setStep] = useState<Step>({ kind: 'email', email: '' });
  const title = proposalTitle(item);
  const panel = useRef<HTMLDivElement>(null);
  // The question replaces the form inside the open dialog: the panel takes focus so that a screen
  // reader reads its new name and description (the question and what it does), not only 'Back'.
  useEffect(() => {
    if (step.kind === 'confirm') panel.current?.focus();
  }, [step.kind]);

  const giveAway = (newOwner: string) =>
    reassign.mutate(
      { id: item._id, newOwner, createNew: true },
      {
        onSuccess: (reply) =>
          setStep({
            kind: 'link',
            url: absoluteUrl(reply.url, window.location.origin),
            owner: reply.owner,
          }),
      },
    );

  // One step at a time: its title, its description and what it holds.
  const view: { title: string; description: ReactNode; body: ReactNode } =
    step.kind === 'link'
      ? {
          title: 'Proposal URL',
          description: `“${title}” now belongs to ${step.owner}. Send them this link to open it.`,
          body: (
            <>
              <CopyField label="Proposal URL" value={step.url} />
              <div className={dialogStyles.actions}>
                <DialogClose className="btn btn-primary">Done</DialogClose>
              </div>
            </>
          ),
        }
      : step.kind === 'confirm'
        ? {
            title: `Give “${title}” to ${step.email}?`,
            description: `We’ll create a contractor account for ${step.email} and make it the owner. You will no longer be able to open “${title}”: only its new owner can give it back.`,
            body: (
              <GiveAwayConfirm
                pending={reassign.isPending}
                error={reassign.error}
                onBack={() => {
                  reassign.reset();
                  setStep({ kind: 'email', email: step.email });
                }}
                onConfirm={() => giveAway(step.email)}
              />
            ),
          }
        : {
            title: 'Copy Proposal URL',
            description: `Enter the e-mail of the contractor who will take over “${title}”. We’ll create their account, make them the owner and give you the link to send them.`,
            body: (
              <NewOwnerForm
                defaultEmail={step.email}
                onSubmit={(email) => setStep({ kind: 'confirm', email })}
              />
            ),
          };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      busy={reassign.isPending}
      size="form"
      contentRef={panel}
      onCloseAutoFocus={onCloseAutoFocus}
      title={view.title}
      description={view.description}
    >
      {view.body}
    </Dialog>
  );
}
