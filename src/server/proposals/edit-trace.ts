import { hashContent, loadContent } from '../signing/content';
import type { Executor } from '../db/helpers';
import type { ProposalRow } from '../db/schema';
import { findLatestEvent, insertEvent, moveEventTime } from './repository';

/*
 * Decision 0085: an edit after sending leaves a trace. A write that changes what the homeowner
 * reads, made after the proposal was sent, records an 'edited' event (the owner's activity) in
 * its own transaction; the proposal's edited time then says when it last changed (the homeowner's
 * 'Updated …' notice, the contractor's Resend).
 */

/**
 * Saves by the same person closer together than this are one edit: the event's time moves to
 * the latest, instead of a row per save. Any other event between them (an open, a send) ends it.
 */
export const EDIT_WINDOW_MS = 10 * 60_000;

/** What the homeowner reads, as one string to compare: the signed content and the welcome photo. */
export async function readContent(db: Executor, row: ProposalRow): Promise<string> {
  const { hash } = hashContent(await loadContent(db, row));
  return `${hash}:${row.personal_photo_file_id ?? ''}`;
}

/**
 * Records an edit of a sent proposal by its owner (the contractor): a new 'edited' event, or,
 * when the proposal's latest event is this person's edit within the window, that event moved to
 * `now`. The write it records moved the proposal's reply version already.
 */
export async function recordEdit(
  db: Executor,
  proposalId: string,
  userId: string,
  now: number,
): Promise<void> {
  const latest = await findLatestEvent(db, proposalId);
  if (
    latest?.kind === 'edited' &&
    latest.user_id === userId &&
    now - latest.created_at <= EDIT_WINDOW_MS
  ) {
    await moveEventTime(db, latest.id, Math.max(now, latest.created_at));
    return;
  }
  await insertEvent(
    db,
    {
      proposal_id: proposalId,
      kind: 'edited',
      user_id: userId,
      detail: JSON.stringify({ role: 'contractor' }),
      now,
    },
    // The write it records already moved what it changed; the event adds the owner's activity.
    { planUnchanged: true },
  );
}
