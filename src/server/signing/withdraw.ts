import { createElement } from 'react';
import { paths } from '../../shared/paths';
import type { SignerRole } from '../../shared/schemas/signing';
import type { AppContext } from '../context';
import type { ProposalRow } from '../db/schema';
import { contractorContact, contractorMailHeaders } from '../mail/contractor-sender';
import { renderMail } from '../mail/render';
import { ProposalChangedEmail } from '../mail/templates/proposal-changed-email';
import { SignatureWithdrawnEmail } from '../mail/templates/signature-withdrawn-email';
import { findHomeowner, insertEvent } from '../proposals/repository';
import { mailSubject } from '../sending/names';
import { clearSigned, findOwner, findSignature, moveToWithdrawals } from './repository';
import type { Trx } from '../db/helpers';

/*
 * Withdrawing a signature (decision 0009): the signer edited the proposal after signing and
 * confirmed that the edit withdraws their signature. In the caller's transaction, under the
 * proposal's lock: the signature row moves to `signature_withdrawals` (the log keeps that it was
 * signed, and when it was withdrawn), the side is no longer signed, a `signature_withdrawn` event
 * is written and the signer is e-mailed through the outbox. When the contractor's signature goes,
 * the homeowner the proposal was sent to is e-mailed too: they may be reading the old text, or
 * about to sign next to a signature that no longer stands.
 */
export async function withdrawSignature(
  ctx: AppContext,
  trx: Trx,
  proposal: Pick<
    ProposalRow,
    'id' | 'project_name' | 'company_name' | 'name' | 'phone_number' | 'owner_id'
  >,
  role: SignerRole,
  byUserId: string,
  now: number,
): Promise<boolean> {
  const row = await findSignature(trx, proposal.id, role);
  await clearSigned(trx, proposal.id, role);
  if (!row) return false;
  await moveToWithdrawals(trx, row, now, byUserId);
  await insertEvent(trx, {
    proposal_id: proposal.id,
    kind: 'signature_withdrawn',
    user_id: byUserId,
    detail: JSON.stringify({ role, signedAt: row.signed_at, signer: row.user_id }),
    now,
  });
  const link =
    ctx.config.appUrl +
    (role === 'contractor' ? paths.proposal(proposal.id) : paths.proposalReceived(proposal.id));
  const mail = await renderMail(
    createElement(SignatureWithdrawnEmail, {
      link,
      recipient: row.email,
      projectName: proposal.project_name,
      supportEmail: ctx.config.supportEmail,
    }),
  );
  const project = proposal.project_name.trim();
  await ctx.mailer.enqueue(trx, {
    to: row.email,
    subject: mailSubject(
      project
        ? `Your signature on the proposal for ${project} was withdrawn`
        : 'Your signature on the proposal was withdrawn',
    ),
    ...mail,
  });
  if (role === 'contractor') await tellHomeowner(ctx, trx, proposal, row.name);
  return true;
}

async function tellHomeowner(
  ctx: AppContext,
  trx: Trx,
  proposal: Pick<
    ProposalRow,
    'id' | 'project_name' | 'company_name' | 'name' | 'phone_number' | 'owner_id'
  >,
  signerName: string,
): Promise<void> {
  const homeowner = await findHomeowner(trx, proposal.id);
  if (!homeowner) return;
  const contractorName =
    [proposal.company_name, proposal.name, signerName].map((s) => s.trim()).find(Boolean) ??
    'Your contractor';
  const project = proposal.project_name.trim();
  const mail = await renderMail(
    createElement(ProposalChangedEmail, {
      link: ctx.config.appUrl + paths.proposalReceived(proposal.id),
      recipient: homeowner.email,
      contractorName,
      projectName: project,
      supportEmail: ctx.config.supportEmail,
    }),
  );
  // The contractor changed it: a reply reaches them, as the proposal e-mail's did (decision 0090).
  const owner = proposal.owner_id ? await findOwner(trx, proposal.owner_id) : undefined;
  await ctx.mailer.enqueue(trx, {
    to: homeowner.email,
    subject: mailSubject(
      project
        ? `${contractorName} changed the proposal for ${project}`
        : `${contractorName} changed your proposal`,
    ),
    ...mail,
    ...(owner ? contractorMailHeaders(contractorContact(proposal, owner)) : {}),
  });
}
