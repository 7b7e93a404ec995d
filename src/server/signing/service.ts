import { recordKey, type SaveKey } from '../idempotency/keys';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  NO_CONSENT_RECORDED,
  SIGNATURE_UNAVAILABLE,
  SIGNING_CONSENT,
  signRefusal,
  type LogEntry,
  type SignFacts,
  type SignerRole,
  type SignReply,
  type SigningLog,
  type signBodySchema,
} from '../../shared/schemas/signing';
import type { AppContext } from '../context';
import type { ProposalRow, UserRow } from '../db/schema';
import { isUniqueViolation, type Executor } from '../db/helpers';
import { fileUrl } from '../files/urls';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../http/errors';
import { findMember, lockProposal } from '../members/repository';
import { accessFor, readableOr404, requireReader } from '../proposals/access';
import { findProposalForCaller, insertEvent } from '../proposals/repository';
import { signerRoleOfKind } from '../proposals/upload';
import { formatFor, hashContent, loadContent } from './content';
import { queueSigningMail } from './notify';
import {
  attachSignatureFile,
  findFile,
  findSigner,
  insertSignature,
  loadSignatureRows,
  memberIdsOf,
  loadWithdrawals,
  markSigned,
  type SignatureRow,
} from './repository';
import { assertDrawnSignature, assertUsableSignatureFile } from './signature-image';

type SignInput = z.output<typeof signBodySchema>;
type ResolvedSignInput = SignInput & { role: SignerRole };

export interface ClientFacts {
  ip: string;
  userAgent: string;
}

const USER_AGENT_MAX = 1000;

function facts(
  input: ResolvedSignInput,
  user: Pick<UserRow, 'role'>,
  access: SignFacts['access'],
  p: Pick<ProposalRow, 'sent_at' | 'signed_by_contractor_at' | 'signed_by_homeowner_at'>,
): SignFacts {
  return {
    role: input.role,
    userRole: user.role,
    access,
    sent: p.sent_at !== null,
    signedByContractor: p.signed_by_contractor_at !== null,
    signedByHomeowner: p.signed_by_homeowner_at !== null,
  };
}

function refuse(f: SignFacts): void {
  const refusal = signRefusal(f);
  if (refusal) throw new HttpError(refusal.status, refusal.message, refusal.code);
}

/**
 * POST /api/proposal/sign/:id (docs/product/signing.md Signing). Checked once up front (cheap refusals, the image)
 * and again under the proposal's lock, where the signature, the content hash, the signed time,
 * the image's attachment, the event and the e-mails are written together. A second request
 * racing the first waits for the lock and then finds the side signed: one signature, the other
 * caller hears 'Already signed.' (the unique index on proposal and role backs this up).
 */
export async function sign(
  ctx: AppContext,
  caller: UserRow | null,
  proposalId: string,
  body: SignInput,
  client: ClientFacts,
  /** Recorded with the signature, so a retry answers its signedAt (decision 0015). */
  saveKey: SaveKey | null = null,
): Promise<SignReply> {
  if (!caller) throw unauthorized();
  const { proposal, access } = await requireReader(ctx, caller, proposalId);
  const file = await findFile(ctx.db, body.fileId);
  // docs/product/signing.md's bare {fileId}: the uploaded signature's kind names the block it is for.
  const role = body.role ?? (file ? signerRoleOfKind(file.kind) : undefined);
  if (!role) throw badRequest(SIGNATURE_UNAVAILABLE);
  const input: ResolvedSignInput = { ...body, role };
  refuse(facts(input, caller, access.role, proposal));
  const versionChanged = (current: number) =>
    input.version !== undefined && current !== input.version;
  if (versionChanged(proposal.version)) throw conflict('proposal_changed');
  assertUsableSignatureFile(file, caller.id, input.role);
  await assertDrawnSignature(ctx, file);

  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockProposal(trx, ctx.dialect, proposalId);
      if (!locked) throw notFound();
      const member = await findMember(trx, proposalId, caller.id);
      const lockedAccess = accessFor(caller.id, { ...locked, member_role: member?.role ?? null });
      if (!lockedAccess) throw notFound();
      const signer = await findSigner(trx, caller.id);
      if (!signer) throw unauthorized();
      refuse(facts(input, signer, lockedAccess.role, locked));
      if (versionChanged(locked.version)) throw conflict('proposal_changed');

      const standing = await loadSignatureRows(trx, proposalId);
      const content = hashContent(await loadContent(trx, locked, formatFor(standing)));
      if (!(await attachSignatureFile(trx, file.id, proposalId, caller.id, input.role)))
        throw badRequest(SIGNATURE_UNAVAILABLE);
      const row: SignatureRow = {
        id: randomUUID(),
        proposal_id: proposalId,
        role: input.role,
        user_id: signer.id,
        // The homeowner signs under the name this proposal's sender gave them, not an account
        // name another contractor may have typed (decision 0087); a contractor under their own.
        name: input.role === 'homeowner' && member ? member.name : signer.name,
        email: signer.email,
        ip: client.ip,
        user_agent: client.userAgent.slice(0, USER_AGENT_MAX),
        signed_at: now,
        last_login_at: signer.last_login_at,
        file_id: file.id,
        content_hash: content.hash,
        content_json: content.json,
        consent_text: input.consent ? SIGNING_CONSENT : NO_CONSENT_RECORDED,
      };
      await insertSignature(trx, row);
      if (!(await markSigned(trx, proposalId, input.role, now))) throw conflict('already_signed');
      await insertEvent(trx, {
        proposal_id: proposalId,
        kind: 'signed',
        user_id: signer.id,
        detail: JSON.stringify({ role: input.role, contentHash: content.hash }),
        now,
      });
      // Read under the lock above, which every signature and withdrawal takes: still current.
      const other = standing.find((s) => s.role !== input.role);
      await queueSigningMail(ctx, trx, locked, input.role, {
        contractor: input.role === 'contractor' ? row : other,
        homeowner: input.role === 'homeowner' ? row : other,
      });
      await recordKey(trx, saveKey, JSON.stringify({ signedAt: now }), now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('already_signed');
    throw err;
  }
  ctx.mailer.kick();
  return { signedAt: now };
}

function logEntry(row: SignatureRow): LogEntry {
  return {
    ip: row.ip,
    name: row.name,
    email: row.email,
    signature: fileUrl(row.file_id),
    signedAt: row.signed_at,
    lastLoginAt: row.last_login_at,
    userAgent: row.user_agent,
    contentHash: row.content_hash,
    consent: row.consent_text,
  };
}

/**
 * POST /api/proposal/log: both signatures as recorded, and whether the content still hashes to
 * what each party signed. For the owner and the members; a public reader gets 404.
 */
export async function signingLog(
  ctx: AppContext,
  caller: UserRow | null,
  proposalId: string,
): Promise<SigningLog> {
  if (!caller) throw unauthorized();
  // One snapshot for who may read it, the signatures and the content they are compared with:
  // read statement by statement, a save committing in between would hash a mix of two versions
  // and the log would say "does not match" for a moment (review 22). The proposal is read once,
  // in it, and access is decided from that read.
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => readSigningLog(trx, caller, proposalId));
}

async function readSigningLog(
  db: Executor,
  caller: UserRow,
  proposalId: string,
): Promise<SigningLog> {
  const { proposal, access } = readableOr404(
    caller.id,
    await findProposalForCaller(db, proposalId, caller.id),
    false,
  );
  if (access.role === 'public') throw notFound();
  const rows = await loadSignatureRows(db, proposalId);
  const withdrawals = await loadWithdrawals(db, proposalId);
  // The log holds both signers' IP address, e-mail and browser: only the owner and the signing
  // parties (the homeowner, anyone who signed it) read it. Other members see on the proposal
  // itself that it is signed and when; for them the log does not exist (0014).
  const signedIt = [...rows, ...withdrawals].some((r) => r.user_id === caller.id);
  if (access.role === 'invitee' && !signedIt) throw notFound();
  // A withdrawn signature of someone no longer on the proposal (an owner who withdrew, then
  // handed it on: decision 0076) is void, and their address, IP and browser are not the next
  // owner's to read.
  const members = await memberIdsOf(db, proposalId);
  const onIt = (userId: string | null) =>
    userId !== null && (userId === proposal.owner_id || members.has(userId));
  const withdrawn = withdrawals.filter((w) => onIt(w.user_id));
  const current = hashContent(await loadContent(db, proposal, formatFor(rows))).hash;
  const contractor = rows.find((r) => r.role === 'contractor');
  const homeowner = rows.find((r) => r.role === 'homeowner');
  return {
    contractor: contractor ? logEntry(contractor) : null,
    homeowner: homeowner ? logEntry(homeowner) : null,
    currentHash: current,
    matches: {
      contractor: contractor ? contractor.content_hash === current : null,
      homeowner: homeowner ? homeowner.content_hash === current : null,
    },
    withdrawn: withdrawn.map((w) => ({
      ...logEntry(w),
      role: w.role,
      withdrawnAt: w.withdrawn_at,
    })),
  };
}
