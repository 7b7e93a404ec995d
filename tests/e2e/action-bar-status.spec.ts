import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { createdProposal, receivedByHomeowner } from './support/proposals';
import { signAs } from './support/signature-pad';

/*
 * Review 25: on a phone the homeowner's status after signing was cut to 'Awaiting Carl Builder
 * sig…', the one line that says what happens next. With a long contractor name the whole status
 * shows, and the bar still fits the screen with its other controls.
 */

// 39 characters, a name real companies reach.
const CONTRACTOR = 'Alexandria Montgomery-Featherstonehaugh';
const STATUS = `Awaiting ${CONTRACTOR} signature`;

/** How far `target` reaches past its own box, across and down (both 0 when all of it shows). */
const clipped = (target: Locator) =>
  target.evaluate((el) => ({
    across: el.scrollWidth - el.clientWidth,
    down: el.scrollHeight - el.clientHeight,
  }));

/** Whether `target` lies wholly across the width of the screen. */
async function withinWidth(page: Page, target: Locator) {
  const box = await target.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
}

test(
  'the homeowner’s status after signing shows whole, with a long contractor name',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    await signUp(uniqueEmail('long-name'), CONTRACTOR);
    const id = await createdProposal(page.request, {
      projectName: 'Long Name Deck',
      companyName: 'Featherstonehaugh Renovation & Design',
      name: CONTRACTOR,
      contract: 'Payment is due on completion.',
      costGroups: [{ name: 'Deck', values: [{ name: 'Boards', rawCost: '900', costType: 4 }] }],
    });
    const homeownerEmail = uniqueEmail('long-name-home');
    await receivedByHomeowner(
      { browser, mailbox, page },
      id,
      { email: homeownerEmail, name: 'Hale Home' },
      async (home) => {
        await signAs(home, 'Homeowner');
        await home.goto(`/proposal/received/${id}/`);
        await expect(home.locator('[data-server-rendered]')).toHaveCount(0);

        const bar = home.getByRole('region', { name: 'Proposal actions' });
        const status = bar.getByRole('button', { name: STATUS });
        await expect(status).toBeVisible();
        await expect(status).toHaveText(STATUS);
        await expect(status).toBeDisabled();
        // Every word of it on screen: nothing cut at the side or at the bottom.
        const text = status.getByText(STATUS);
        await expect.poll(() => clipped(text)).toEqual({ across: 0, down: 0 });
        await expect.poll(() => clipped(status)).toEqual({ across: 0, down: 0 });
        await expect.poll(() => withinWidth(home, status)).toBe(true);
        // Its icon beside the lines, at its size, not squeezed by them.
        await expect
          .poll(async () => (await status.locator('svg').boundingBox())?.width)
          .toBeGreaterThanOrEqual(16);

        // The rest of the bar is still there, beside it, and the page does not scroll sideways.
        const others = bar.getByRole('button').filter({ hasNotText: STATUS });
        await expect(others.first()).toBeVisible();
        for (const other of await others.all()) {
          if (!(await other.isVisible())) continue;
          await expect.poll(() => withinWidth(home, other)).toBe(true);
          await expect.poll(() => clipped(other)).toEqual({ across: 0, down: 0 });
        }
        await expect
          .poll(() => home.evaluate(() => document.documentElement.scrollWidth - innerWidth))
          .toBeLessThanOrEqual(0);
        // Still a bar, not a wall: under a sixth of the screen.
        const height = (await bar.boundingBox())!.height;
        expect(height).toBeLessThan(home.viewportSize()!.height / 6);

        await expectNoAxeViolations(home, 'the homeowner’s bar awaiting a long-named contractor');
        await reviewShot(home, 'bar-awaiting-long-name');
      },
    );
  },
);
