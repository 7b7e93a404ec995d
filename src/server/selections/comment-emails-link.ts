import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';

/*
 * Decision 0097: every comment digest carries a link that turns that person's comment e-mails
 * for that proposal off (and back on). Its token holds the proposal's and the person's ids and an
 * HMAC of them: nothing is stored, the HMAC key is derived from the app secret (as the print
 * cookie's and the mail key are, under a label of its own, so no other signature of ours is one
 * of these), and the MAC covers a purpose prefix too, so the token says one thing only: "this
 * person may switch these e-mails". It signs nobody in and reads nothing but the project name.
 */

const keys = new WeakMap<AppContext, Buffer>();

/** The comment e-mail link's HMAC key for this app's secret (one per secret, never stored). */
export function commentEmailsKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'plansmith', 'comment emails link v1', 32));
}

/** The key this app signs and checks comment e-mail links with; set once at start (app.ts). */
export function keepCommentEmailsKey(ctx: AppContext, key: Buffer): void {
  keys.set(ctx, key);
}

function keyOf(ctx: AppContext): Buffer {
  const key = keys.get(ctx);
  if (!key) throw new Error('comment e-mails key not loaded');
  return key;
}

function mac(key: Buffer, proposalId: string, userId: string): Buffer {
  return createHmac('sha256', key).update(`comment-emails:${proposalId}.${userId}`).digest();
}

export interface CommentEmailsHolder {
  proposalId: string;
  userId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * The token standing for one person's comment e-mails on one proposal: the two ids and the
 * HMAC as bytes, in base64url (86 characters), so it fits a path parameter (at most 100).
 */
export function signCommentEmails(key: Buffer, proposalId: string, userId: string): string {
  if (!UUID.test(proposalId) || !UUID.test(userId)) throw new Error('ids must be UUIDs');
  return Buffer.concat([
    uuidBytes(proposalId),
    uuidBytes(userId),
    mac(key, proposalId, userId),
  ]).toString('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{86}$/;

/** Whose e-mails on which proposal a token switches, when made with this key; null otherwise. */
export function readCommentEmails(key: Buffer, token: string): CommentEmailsHolder | null {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 64) return null;
  const proposalId = uuidOf(bytes.subarray(0, 16));
  const userId = uuidOf(bytes.subarray(16, 32));
  const given = bytes.subarray(32);
  const expected = mac(key, proposalId, userId);
  return timingSafeEqual(given, expected) ? { proposalId, userId } : null;
}

/** signCommentEmails with this app's key. */
export const commentEmailsToken = (ctx: AppContext, proposalId: string, userId: string) =>
  signCommentEmails(keyOf(ctx), proposalId, userId);

/** readCommentEmails with this app's key. */
export const commentEmailsHolder = (ctx: AppContext, token: string) =>
  readCommentEmails(keyOf(ctx), token);
