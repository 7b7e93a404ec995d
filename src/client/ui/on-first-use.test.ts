import { describe, expect, it } from 'vitest';
import { failedModuleUrl } from './on-first-use';

describe('failedModuleUrl', () => {
  const here = 'http://localhost:3000';
  it("names the module of Chromium's and Firefox's messages, on this site only", () => {
    const chromium = `Failed to fetch dynamically imported module: ${here}/assets/help-A1b.js`;
    expect(failedModuleUrl(new TypeError(chromium), here)).toBe(`${here}/assets/help-A1b.js`);
    const firefox = `error loading dynamically imported module: ${here}/a/b.js`;
    expect(failedModuleUrl(new TypeError(firefox), here)).toBe(`${here}/a/b.js`);
    const elsewhere = 'Failed to fetch dynamically imported module: https://x.example/a.js';
    expect(failedModuleUrl(new TypeError(elsewhere), here)).toBeUndefined();
  });

  it('gives nothing where the browser does not say (Safari), or for what is not an error', () => {
    const safari = 'Importing a module script failed.';
    expect(failedModuleUrl(new TypeError(safari), here)).toBeUndefined();
    expect(failedModuleUrl('offline', here)).toBeUndefined();
  });
});
