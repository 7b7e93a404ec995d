import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { printCookieKey } from '../signing/print-access';
import { commentEmailsKey, readCommentEmails, signCommentEmails } from './comment-emails-link';

/* The comment e-mail link's token (decision 0097): it names one person and one proposal. */

const secret = 'a-test-secret-of-at-least-32-characters!';
const key = commentEmailsKey(secret);
const proposal = randomUUID();
const other = randomUUID();
const dora = randomUUID();
const hana = randomUUID();

/** The token's bytes: proposal id (16), person id (16), HMAC (32). */
const bytesOf = (token: string) => Buffer.from(token, 'base64url');
const tokenOf = (...parts: Buffer[]) => Buffer.concat(parts).toString('base64url');
const idBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');

describe('the comment e-mail link token', () => {
  it('is read back as the person and proposal it was made for, and fits a path parameter', () => {
    const token = signCommentEmails(key, proposal, dora);
    expect(readCommentEmails(key, token)).toEqual({ proposalId: proposal, userId: dora });
    expect(encodeURIComponent(token)).toBe(token);
    // Fastify's longest path parameter.
    expect(token.length).toBeLessThanOrEqual(100);
  });

  it('is refused for another proposal or another person with the same signature', () => {
    const bytes = bytesOf(signCommentEmails(key, proposal, dora));
    const signature = bytes.subarray(32);
    expect(readCommentEmails(key, tokenOf(idBytes(other), idBytes(dora), signature))).toBeNull();
    expect(readCommentEmails(key, tokenOf(idBytes(proposal), idBytes(hana), signature))).toBeNull();
    // Person and proposal swapped: the signature covers their order too.
    expect(readCommentEmails(key, tokenOf(idBytes(dora), idBytes(proposal), signature))).toBeNull();
    // Hana's own token does not open Dora's setting.
    const hanas = bytesOf(signCommentEmails(key, proposal, hana));
    expect(
      readCommentEmails(key, tokenOf(idBytes(proposal), idBytes(dora), hanas.subarray(32))),
    ).toBeNull();
  });

  it('is refused when a byte is changed, or it is cut, lengthened or empty', () => {
    const token = signCommentEmails(key, proposal, dora);
    const bytes = bytesOf(token);
    for (const at of [0, 20, 40, 63]) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 1;
      expect(readCommentEmails(key, changed.toString('base64url')), `byte ${at}`).toBeNull();
    }
    expect(readCommentEmails(key, token.slice(0, -1))).toBeNull();
    expect(readCommentEmails(key, `${token}A`)).toBeNull();
    expect(readCommentEmails(key, tokenOf(bytes.subarray(0, 48)))).toBeNull();
    expect(readCommentEmails(key, '')).toBeNull();
    expect(readCommentEmails(key, `${proposal}.${dora}`)).toBeNull();
  });

  it('is refused under another app secret', () => {
    const token = signCommentEmails(key, proposal, dora);
    const otherKey = commentEmailsKey('another-secret-of-at-least-32-characters');
    expect(readCommentEmails(otherKey, token)).toBeNull();
  });

  it('is no other signature of ours: the same secret gives the print cookie another key', () => {
    expect(commentEmailsKey(secret).equals(printCookieKey(secret))).toBe(false);
  });
});
