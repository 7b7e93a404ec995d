import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const clientDir = fileURLToPath(new URL('..', import.meta.url));
const media = fs.readFileSync(path.join(clientDir, 'styles', 'media.module.css'), 'utf8');

function cssModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return cssModules(p);
    return e.name.endsWith('.module.css') && e.name !== 'media.module.css' ? [p] : [];
  });
}

describe('breakpoints (§9: 770, 800, 1050 and 1430 px)', () => {
  it('are each named once', () => {
    for (const width of ['769.98px', '799.98px', '1049.98px', '1430px']) {
      expect(media.match(new RegExp(width.replace('.', '\\.'), 'g'))?.length ?? 0).toBeGreaterThan(
        0,
      );
    }
    expect(media).toMatch(/@value bp-mobile: \(max-width: 769\.98px\)/);
    expect(media).toMatch(/@value bp-narrow: \(max-width: 799\.98px\)/);
    expect(media).toMatch(/@value bp-wide: \(min-width: 1430px\)/);
  });

  it('are never written as a literal width in a CSS module', () => {
    const literal = cssModules(clientDir).filter((file) =>
      /@media[^{]*\d+(\.\d+)?px/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(literal).toEqual([]);
  });
});
