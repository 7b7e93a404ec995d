import type { ProposalInputParsed } from '../../shared/schemas/proposal';
import type { FilesTable } from '../db/schema';
import { isUploader } from '../files/access';
import { badRequest } from '../http/errors';
import {
  attachedEditorFileIds,
  attachFiles,
  detachFiles,
  findFiles,
  logoShownElsewhere,
  type Attachment,
  type FileRow,
} from './plan-repository';
import type { PlanRows } from './plan';
import type { Executor } from '../db/helpers';

/*
 * The files a save names (logo, photo, current condition, group images) must be files this
 * caller uploaded and has not used elsewhere, or files this proposal already holds, each of the
 * kind its place expects. They are attached with their group and order; files the proposal held
 * and no longer names are detached (housekeeping deletes unattached files after a day).
 */

export const FILE_UNAVAILABLE =
  'A file of this proposal is no longer available. Please remove it and upload it again.';
export const FILE_WRONG_PLACE =
  'That file was uploaded for another part of the proposal. Please upload it again here.';
export const FILE_TWICE = 'A file can be used only once in a proposal.';

export interface Uploader {
  userId: string | null;
  /** This browser's logged-out upload cookie hash (uploads made before signing in count). */
  uploadTokenHash: string | null;
  /** The caller's account logo, which a proposal may show without taking it over. */
  accountLogoId: string | null;
}

/** What the proposal shows now in its logo and photo places (null for a new proposal). */
export interface CurrentRefs {
  personal_photo_file_id: string | null;
  company_logo_file_id: string | null;
}

interface Slot {
  fileId: string;
  kind: FilesTable['kind'];
  groupId: string | null;
  position: number;
}

function slotsOf(input: ProposalInputParsed, plan: PlanRows): Slot[] {
  const slots: Slot[] = [];
  if (input.personalPhotoId)
    slots.push({
      fileId: input.personalPhotoId,
      kind: 'personal_photo',
      groupId: null,
      position: 0,
    });
  if (input.companyLogoId)
    slots.push({ fileId: input.companyLogoId, kind: 'company_logo', groupId: null, position: 0 });
  input.currentConditionIds.forEach((fileId, position) =>
    slots.push({ fileId, kind: 'current_condition', groupId: null, position }),
  );
  for (const { groupId, fileIds } of plan.groupImages) {
    fileIds.forEach((fileId, position) =>
      slots.push({ fileId, kind: 'group_image', groupId, position }),
    );
  }
  return slots;
}

function mayUse(file: FileRow, proposalId: string, caller: Uploader): boolean {
  if (file.proposal_id === proposalId) return true;
  return file.proposal_id === null && isUploader(file, caller.userId, caller.uploadTokenHash);
}

/**
 * An account's logo is shown, not taken over: it stays the account's, unattached. So does a logo
 * of the caller's that their account had before and other covers still borrow (a draft begun
 * before the account's logo was replaced names it, decision 0098): attached here, it would
 * leave those covers, and go with this proposal.
 */
async function isBorrowedLogo(
  db: Executor,
  proposalId: string,
  slot: Slot,
  file: FileRow | undefined,
  caller: Uploader,
  current: CurrentRefs,
): Promise<boolean> {
  if (slot.kind !== 'company_logo' || file?.kind !== 'company_logo' || file.proposal_id !== null)
    return false;
  if (slot.fileId === caller.accountLogoId || slot.fileId === current.company_logo_file_id)
    return true;
  if (!isUploader(file, caller.userId, caller.uploadTokenHash)) return false;
  return logoShownElsewhere(db, file.id, proposalId);
}

/** Checks and attaches the files a save names; returns the ids for the proposal's own columns. */
export async function applyFileRefs(
  db: Executor,
  proposalId: string,
  input: ProposalInputParsed,
  plan: PlanRows,
  caller: Uploader,
  current: CurrentRefs,
): Promise<CurrentRefs> {
  const slots = slotsOf(input, plan);
  const ids = slots.map((s) => s.fileId);
  if (new Set(ids).size !== ids.length) throw badRequest(FILE_TWICE);
  const rows = new Map((await findFiles(db, ids)).map((f) => [f.id, f]));

  const attachments: Attachment[] = [];
  for (const slot of slots) {
    const file = rows.get(slot.fileId);
    if (await isBorrowedLogo(db, proposalId, slot, file, caller, current)) continue;
    if (!file || !mayUse(file, proposalId, caller)) throw badRequest(FILE_UNAVAILABLE);
    if (file.kind !== slot.kind) throw badRequest(FILE_WRONG_PLACE);
    attachments.push({ fileId: slot.fileId, groupId: slot.groupId, position: slot.position });
  }

  const named = new Set(attachments.map((a) => a.fileId));
  const dropped = (await attachedEditorFileIds(db, proposalId)).filter((id) => !named.has(id));
  await detachFiles(db, proposalId, dropped);
  // Fewer rows than files: one was deleted meanwhile (housekeeping, or its uploader).
  if ((await attachFiles(db, proposalId, attachments)) !== attachments.length)
    throw badRequest(FILE_UNAVAILABLE);
  return {
    personal_photo_file_id: input.personalPhotoId,
    company_logo_file_id: input.companyLogoId,
  };
}
