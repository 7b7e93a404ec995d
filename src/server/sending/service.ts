import { recordKey, type SaveKey } from '../idempotency/keys';
import { createElement } from 'react';
import type { z } from 'zod';
import { paths } from '../../shared/paths';
import {
  ONLY_CONTRACTORS_SEND,
  SEND_TO_SELF,
  type SendReply,
  type sendBodySchema,
} from '../../shared/schemas/sending';
import { newProposalLink, saveProposalLink } from '../auth/proposal-links';
import { checkProposalEmailLimit } from '../auth/rate-limit';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, forbidden } from '../http/errors';
import { renderMail } from '../mail/render';
import { contractorContact, contractorMailHeaders } from '../mail/contractor-sender';
import { ProposalSentEmail } from '../mail/templates/proposal-sent-email';
import {
  findHomeownerMember,
  findOrCreateUser,
  removeMember,
  upsertHomeowner,
} from '../members/repository';
import { lockOwned, requireOwner } from '../proposals/access';
import { insertEvent, markSent } from '../proposals/repository';
import { mailSubject, senderName } from './names';

type SendInput = z.output<typeof sendBodySchema>;

/*
 * POST /api/proposal/send (docs/product/sending.md Send flow). The owner, a contractor, sends the proposal to one
 * homeowner: their account is made if the address is new (another contractor's account may be
 * it too, decision 0093; the owner's own address is refused), they become its homeowner member
 * under the name typed in this send (decision 0087; a resend corrects it until they sign), and
 * they get the contractor's message with a 14-day one-time link that signs them in and opens
 * /proposal/received/{id}/. Sending to another address moves the homeowner role: the previous
 * homeowner loses access and their unused links stop working, and the answer names them so the
 * contractor is told. `events.sent` moves to now (Resend compares it with `events.edited`).
 * Membership, link, sent time, event, e-mail and its place in the sender's count to that address
 * (decision 0031) commit together.
 */
export async function sendProposal(
  ctx: AppContext,
  caller: UserRow | null,
  input: SendInput,
  /** Recorded with the send, so a retry answers it and e-mails nobody twice (decision 0015). */
  saveKey: SaveKey | null = null,
): Promise<SendReply> {
  const { proposal, user: owner } = await requireOwner(ctx, caller, input.proposalId);
  if (owner.role !== 'contractor') throw forbidden(ONLY_CONTRACTORS_SEND);
  if (proposal.signed_by_homeowner_at !== null) throw conflict('already_signed_by_homeowner');
  // Any other account may be this proposal's homeowner, a contractor's too (decision 0093); the
  // owner cannot sign in both blocks of their own proposal.
  if (input.to === owner.email) throw badRequest(SEND_TO_SELF);

  const id = proposal.id;
  const from = senderName(proposal, owner);
  const link = newProposalLink(ctx);
  // Replies and the footer reach the contractor (decision 0090).
  const contact = contractorContact(proposal, owner);
  const mail = await renderMail(
    createElement(ProposalSentEmail, {
      link: link.url,
      recipient: input.to,
      from,
      projectName: proposal.project_name,
      message: input.message,
      contact,
      supportEmail: ctx.config.supportEmail,
    }),
  );
  const now = ctx.now();
  const previousHomeowner = await ctx.db.transaction().execute(async (trx) => {
    // Given away meanwhile: the 404 a later send gets (decision 0005).
    const locked = await lockOwned(trx, ctx.dialect, id, owner.id);
    // Signed meanwhile.
    if (locked.signed_by_homeowner_at !== null) throw conflict('already_signed_by_homeowner');
    // Nameless: the name typed here is this proposal's (decision 0087). Written on the account,
    // it would name the person on every other contractor's proposals too (review 27 F2).
    const { row: homeowner } = await findOrCreateUser(trx, {
      email: input.to,
      name: '',
      role: 'homeowner',
      now,
    });
    const current = await findHomeownerMember(trx, id);
    let previous: string | null = null;
    if (current && current.user_id !== homeowner.id) {
      await removeMember(trx, id, current.user_id);
      previous = current.email;
    }
    await upsertHomeowner(trx, {
      proposal_id: id,
      user_id: homeowner.id,
      name: input.homeownersName,
      invited_by: owner.id,
      now,
    });
    const linkExpiresAt = await saveProposalLink(trx, ctx, {
      token: link.token,
      userId: homeowner.id,
      proposalId: id,
      redirect: paths.proposalReceived(id),
    });
    await markSent(trx, id, now);
    await insertEvent(
      trx,
      {
        proposal_id: id,
        kind: 'sent',
        user_id: owner.id,
        detail: JSON.stringify({ to: input.to, previousHomeowner: previous }),
        now,
      },
      { planUnchanged: true },
    );
    await ctx.mailer.enqueue(trx, {
      to: input.to,
      subject: mailSubject(
        proposal.project_name.trim()
          ? `${from} sent you a proposal for ${proposal.project_name}`
          : `${from} sent you a proposal`,
      ),
      ...mail,
      ...contractorMailHeaders(contact),
      linkExpiresAt,
    });
    const reply: SendReply = { ok: true, sentAt: now, previousHomeowner: previous };
    await recordKey(trx, saveKey, JSON.stringify(reply), now);
    // Last, after every refusal above: a refused send does not count against the sender's sends
    // to this address, and a send over the limit rolls back and mails nobody (429).
    await checkProposalEmailLimit(ctx, trx, input.to, owner.id);
    return previous;
  });
  ctx.mailer.kick();
  return { ok: true, sentAt: now, previousHomeowner };
}
