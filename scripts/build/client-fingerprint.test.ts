import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientFingerprint } from './client-fingerprint.mjs';

describe('the client build fingerprint', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const tree = (files: Record<string, string>) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
  };
  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);

  it('changes when a client, shared or config file changes, and not for tests or server code', () => {
    tree({
      'src/client/main.tsx': 'one',
      'src/shared/money.ts': 'cents',
      'src/server/app.ts': 'server',
      'vite.config.ts': 'config',
      'package-lock.json': '{}',
    });
    const first = clientFingerprint(dir);
    expect(clientFingerprint(dir)).toBe(first);

    write('src/server/app.ts', 'server, changed');
    write('src/client/main.test.tsx', 'a test beside the code');
    expect(clientFingerprint(dir)).toBe(first);

    for (const [file, text] of [
      ['src/client/main.tsx', 'two'],
      ['src/shared/money.ts', 'still cents'],
      ['vite.config.ts', 'config 2'],
      ['package-lock.json', '{"v":2}'],
      ['src/client/new-page.tsx', 'new'],
    ] as const) {
      const before = clientFingerprint(dir);
      write(file, text);
      expect(clientFingerprint(dir), file).not.toBe(before);
    }
  });
});
