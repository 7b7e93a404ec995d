import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const clientDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/client',
);

/**
 * The URL paths of the built client's files (`/assets/index-….js`, `/favicon.svg`), read once at
 * start: the general request limit leaves them out, because one page load fetches dozens of
 * them and a hashed file cannot be used to probe or flood anything behind the app.
 */
export function builtFilePaths(): Set<string> {
  if (!fs.existsSync(clientDir)) return new Set();
  return new Set(
    fs
      .readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.name.startsWith('.') && d.name !== 'index.html')
      .map(
        (d) =>
          `/${path.relative(clientDir, path.join(d.parentPath, d.name)).split(path.sep).join('/')}`,
      ),
  );
}
