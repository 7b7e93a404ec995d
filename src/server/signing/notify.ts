import { createElement } from 'react';
import { paths } from '../../shared/paths';
import type { SignerRole } from '../../shared/schemas/signing';
import type { AppContext } from '../context';
import type { ProposalRow } from '../db/schema';
import { contractorContact, contractorMailHeaders } from '../mail/contractor-sender';
import { renderMail } from '../mail/render';
import { HomeownerSignedEmail } from '../mail/templates/homeowner-signed-email';
import { ProposalSignedEmail } from '../mail/templates/proposal-signed-email';
import { mailSubject, senderName } from '../sending/names';
import { findOwner, type SignatureRow } from './repository';
import type { Trx } from '../db/helpers';

/*
 * E-mails after a signature, queued in the signing transaction (so they go out exactly when the
 * signature commits):
 * - the homeowner signs first: the sender (the owner) hears it, with a link to sign too;
 * - the second signature completes it: both parties get 'fully signed' with a link to it.
 *   The owner then gets only that one, not also 'the homeowner signed'.
 * The contractor signing first e-mails nobody: the homeowner was already sent the proposal.
 */
export async function queueSigningMail(
  ctx: AppContext,
  trx: Trx,
  proposal: ProposalRow,
  role: SignerRole,
  signatures: { contractor: SignatureRow | undefined; homeowner: SignatureRow | undefined },
): Promise<void> {
  const owner = proposal.owner_id ? await findOwner(trx, proposal.owner_id) : undefined;
  const project = proposal.project_name.trim();
  const homeowner = signatures.homeowner;
  const homeownerName = homeowner ? homeowner.name.trim() || homeowner.email : 'The homeowner';
  const supportEmail = ctx.config.supportEmail;

  if (signatures.contractor && homeowner) {
    const contractorName = owner ? senderName(proposal, owner) : 'The contractor';
    const subject = mailSubject(
      project ? `Fully signed: the proposal for ${project}` : 'Fully signed: your proposal',
    );
    // The homeowner's copy answers to the contractor, as the proposal e-mail did (decision 0090).
    const recipients = [
      {
        email: homeowner.email,
        link: paths.proposalReceived(proposal.id),
        headers: owner ? contractorMailHeaders(contractorContact(proposal, owner)) : {},
      },
      ...(owner ? [{ email: owner.email, link: paths.proposal(proposal.id), headers: {} }] : []),
    ];
    for (const r of recipients) {
      const mail = await renderMail(
        createElement(ProposalSignedEmail, {
          link: ctx.config.appUrl + r.link,
          recipient: r.email,
          contractorName,
          homeownerName,
          projectName: project,
          supportEmail,
        }),
      );
      await ctx.mailer.enqueue(trx, { to: r.email, subject, ...mail, ...r.headers });
    }
    return;
  }

  if (role === 'homeowner' && owner) {
    const mail = await renderMail(
      createElement(HomeownerSignedEmail, {
        link: ctx.config.appUrl + paths.proposalSign(proposal.id),
        recipient: owner.email,
        homeownerName,
        projectName: project,
        supportEmail,
      }),
    );
    await ctx.mailer.enqueue(trx, {
      to: owner.email,
      subject: mailSubject(
        project
          ? `${homeownerName} signed your proposal for ${project}`
          : `${homeownerName} signed your proposal`,
      ),
      ...mail,
    });
  }
}
