import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for e-mailed links and session cookies alike. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this hash is stored, so a leaked database cannot be replayed as links or sessions. One-shot
 * `hash` (same SHA-256 hex as createHash): every signed-in request pays it (decision 0039).
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
