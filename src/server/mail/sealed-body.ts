import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * A message's body (it may hold a sign-in link) is never written to the database in clear: it is
 * sealed with AES-256-GCM under a key derived from the app secret (config/app-secret.ts), with the
 * outbox row's id as associated data, so a body cannot be moved to another row either. Stored as
 * `v1.<iv>.<ciphertext>.<tag>` in base64url.
 */

export interface MailBody {
  html: string;
  text: string;
  /**
   * The address of the List-Unsubscribe header and RFC 8058's one-click POST (decision 0097):
   * sealed with the body, since it holds a link's token as the body does.
   */
  unsubscribeUrl?: string;
}

const VERSION = 'v1';

/** The 256-bit key for mail bodies, derived from the app secret (HKDF-SHA256). */
export function mailBodyKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'plansmith', 'mail_outbox body v1', 32));
}

export function sealBody(key: Buffer, rowId: string, body: MailBody): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(rowId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The body, or throws when it was sealed under another key or for another row. */
export function openBody(key: Buffer, rowId: string, stored: string): MailBody {
  const [version, iv = '', sealed = '', tag = ''] = stored.split('.');
  if (version !== VERSION) throw new Error('unknown sealed mail body format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
    authTagLength: 16,
  });
  decipher.setAAD(Buffer.from(rowId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(sealed, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(plain) as MailBody;
}
