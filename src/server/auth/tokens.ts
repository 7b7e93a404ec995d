import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for e-mailed links and session cookies alike. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked database cannot be replayed as links or sessions. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
