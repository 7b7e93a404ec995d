import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isUniqueViolation, type Executor } from '../db/helpers';
import { HttpError, badRequest } from '../http/errors';
import { deleteKeyIfOlder, deleteKeysRecordedBy, findKeySince, insertKey } from './repository';

/*
 * Idempotent saves (docs/decisions/0015-idempotent-saves.md). A signed-in client sends an
 * `Idempotency-Key` (a UUID) with a save; the save records the key in its own transaction, so a
 * retry finds the first result even when the process died between the commit and the reply, on
 * whichever instance it lands. Keys older than a day are ignored and cleared by housekeeping.
 */

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
export const BAD_KEY = 'The Idempotency-Key header must be a UUID.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One save's key: who sent it, the key, and what the request was. */
export interface SaveKey {
  userId: string;
  key: string;
  fingerprint: string;
}

/** The request's `Idempotency-Key`, lower-cased; null without one; 400 when it is not a UUID. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !UUID.test(raw.trim())) throw badRequest(BAD_KEY);
  return raw.trim().toLowerCase();
}

/**
 * The key of this save, or null when there is none or no signed-in user to scope it to (keys are
 * per user: one user's key never finds another's result).
 */
export function saveKeyOf(
  request: FastifyRequest,
  operation: string,
  body: unknown,
): SaveKey | null {
  const key = idempotencyKeyOf(request);
  const user = request.user;
  if (key === null || !user) return null;
  const path = request.url.split('?')[0] ?? '';
  const fingerprint = createHash('sha256')
    .update(`${operation}\n${request.method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
  return { userId: user.id, key, fingerprint };
}

/**
 * The result recorded for this key within the last day, or null when the key is new (or older).
 * The same key with a different request (operation, path or body) is 422 and says nothing of the
 * first one.
 */
export async function recordedResult(
  db: Executor,
  saveKey: SaveKey | null,
  now: number,
): Promise<string | null> {
  if (!saveKey) return null;
  const row = await findKeySince(db, saveKey.userId, saveKey.key, now - IDEMPOTENCY_KEY_TTL_MS);
  if (!row) return null;
  if (row.fingerprint !== saveKey.fingerprint) throw new HttpError(422, KEY_REUSED);
  return row.result;
}

/** Records the key with its result; call inside the save's transaction. */
export async function recordKey(
  trx: Executor,
  saveKey: SaveKey | null,
  result: string,
  now: number,
): Promise<void> {
  if (!saveKey) return;
  // A key older than a day is free again.
  await deleteKeyIfOlder(trx, saveKey.userId, saveKey.key, now - IDEMPOTENCY_KEY_TTL_MS);
  await insertKey(trx, {
    user_id: saveKey.userId,
    key: saveKey.key,
    fingerprint: saveKey.fingerprint,
    result,
    created_at: now,
  });
}

/**
 * Runs a save once per key: a key already recorded answers its result (`replay` turns it into
 * the answer) without saving again; a save that fails because a concurrent request with the same
 * key won (the whole loser rolled back) answers the winner's result too.
 */
export async function onceForKey<T>(
  db: Executor,
  saveKey: SaveKey | null,
  now: () => number,
  replay: (result: string) => Promise<T> | T,
  save: () => Promise<T>,
): Promise<T> {
  const before = await recordedResult(db, saveKey, now());
  if (before !== null) return replay(before);
  try {
    return await save();
  } catch (err) {
    // The loser of a race sees the winner's change: a unique violation (the key itself, or the
    // same option), a 409 (the version moved on). If the winner was this key, its result stands.
    if (!saveKey || !(isUniqueViolation(err) || err instanceof HttpError)) throw err;
    const after = await recordedResult(db, saveKey, now());
    if (after === null) throw err;
    return replay(after);
  }
}

/** Housekeeping: deletes keys older than a day; returns how many. */
export async function clearOldKeys(db: Executor, now: number): Promise<number> {
  return deleteKeysRecordedBy(db, now - IDEMPOTENCY_KEY_TTL_MS);
}
