import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_SECRET_FILE, loadAppSecret } from './app-secret';

describe('loadAppSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses APP_SECRET when set and writes nothing', () => {
    const dataDir = tempDir();
    const appSecret = 's'.repeat(40);
    expect(loadAppSecret({ appSecret, dataDir })).toBe(appSecret);
    expect(fs.existsSync(path.join(dataDir, APP_SECRET_FILE))).toBe(false);
  });

  it('makes one random secret in DATA_DIR, readable by the owner only, and reuses it', () => {
    const dataDir = tempDir();
    const first = loadAppSecret({ appSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, APP_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(loadAppSecret({ appSecret: undefined, dataDir })).toBe(first);
    expect(loadAppSecret({ appSecret: undefined, dataDir: tempDir() })).not.toBe(first);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['app-secret']);
  });

  it('refuses a damaged secret file instead of replacing it', () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'secrets'));
    fs.writeFileSync(path.join(dataDir, APP_SECRET_FILE), 'short');
    expect(() => loadAppSecret({ appSecret: undefined, dataDir })).toThrow(/at least 32/);
  });
});
