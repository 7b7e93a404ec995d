import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.x A and AA rules plus best practices) on what the page shows now and fails
 * with one line per violation: rule, impact and the elements it names. Call it after a waiting
 * assertion has seen the screen's content, so axe judges the finished screen, not a spinner.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${v.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(found, `axe on ${screen} at ${page.viewportSize()?.width ?? 0} px`).toEqual([]);
}
