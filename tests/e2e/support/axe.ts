import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.x A and AA rules plus best practices) on what the page shows now and fails
 * with one line per violation: rule, impact and the elements it names. Call it after a waiting
 * assertion has seen the screen's content, so axe judges the finished screen, not a spinner.
 * A dialog still fading in is waited for (see `animationsSettled`).
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${v.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(found, `axe on ${screen} at ${page.viewportSize()?.width ?? 0} px`).toEqual([]);
}

/**
 * Waits until no animation or transition that ends is running: text halfway through a fade-in
 * has too little contrast, and axe would say so of a dialog that is fine once shown. An endless
 * one (a spinner) never ends, so it is not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}
