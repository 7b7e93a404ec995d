import type { Page } from '@playwright/test';

/**
 * Keeps a screenshot for human review when SCREENSHOT_DIR is set (docs/screenshots/…), named
 * `{name}-{viewport width}.png`; otherwise does nothing, so tests assert and never depend on it.
 */
export async function reviewShot(
  page: Page,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await page.screenshot({
    path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`,
    fullPage,
  });
}
