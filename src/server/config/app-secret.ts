import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/*
 * The server's own secret, the key material behind the sealed mail bodies (mail/sealed-body.ts).
 * APP_SECRET wins; without it a random one is made once into DATA_DIR/secrets/app-secret (mode
 * 0600, folder 0700) and read back at every start. It is deliberately not kept in the database:
 * a copy of the database alone must not open what the database holds. Several instances sharing
 * one database must share the secret too, so they set the same APP_SECRET.
 */

export const APP_SECRET_FILE = path.join('secrets', 'app-secret');

function readSecretFile(file: string): string | undefined {
  try {
    const value = fs.readFileSync(file, 'utf8').trim();
    return value.length >= 32 ? value : undefined;
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** APP_SECRET, or the one kept in DATA_DIR (made on first use). */
export function loadAppSecret(config: Pick<Config, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, APP_SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole to a temporary file, then linked into place: a second process starting on the
  // same DATA_DIR at the same moment either wins the link or reads the winner's secret.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  const made = readSecretFile(file);
  if (!made) throw new Error(`${file} does not hold a secret of at least 32 characters`);
  return made;
}
