import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Comments point at the product's rules in docs/product/ (one page per feature), not at numbered
 * sections of a document outside the repository; and every page they name exists.
 */

const root = path.resolve(__dirname, '..');
const scanned = ['src', 'tests'];
const sourceFile = /\.(ts|tsx|mts|css)$/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full);
    return sourceFile.test(entry.name) ? [full] : [];
  });
}

interface Line {
  where: string;
  comment: string;
}

/** The comment part of every line: whole comment lines, and what follows `//` on a code line. */
function commentLines(): Line[] {
  return scanned
    .flatMap((dir) => files(path.join(root, dir)))
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((text, i) => {
          const where = `${path.relative(root, file)}:${i + 1}`;
          const trimmed = text.trimStart();
          if (/^(\/\/|\*|\/\*|\{\/\*)/.test(trimmed)) return [{ where, comment: trimmed }];
          const slashes = text.search(/\s\/\/\s/);
          return slashes === -1 ? [] : [{ where, comment: text.slice(slashes) }];
        }),
    );
}

describe('product references in comments', () => {
  const lines = commentLines();

  it('cite docs/product/ pages, never "§" of an outside document', () => {
    expect(lines.filter((line) => line.comment.includes('§')).map((line) => line.where)).toEqual(
      [],
    );
  });

  it('name pages that exist', () => {
    const missing = lines.flatMap(({ where, comment }) =>
      [...comment.matchAll(/docs\/product\/([\w-]+\.md)/g)]
        .map((match) => match[1] ?? '')
        .filter((page) => !fs.existsSync(path.join(root, 'docs/product', page)))
        .map((page) => `${where}: ${page}`),
    );
    expect(missing).toEqual([]);
  });
});
