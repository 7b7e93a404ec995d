import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';
import { createdProposal, toChoose } from './support/proposals';

/*
 * Review 27, finding 8: an address in a comment was plain text (nothing to tap on a phone), and a
 * 1,990-character comment stood about 1,000 px tall. Now http(s) addresses are links that open in
 * a new tab, and a long comment is folded behind 'Show more'.
 */

const createPorch = (page: Page) =>
  createdProposal(page.request, {
    projectName: 'Cedar Porch',
    companyName: 'Cedar Builders',
    name: 'Cass Cedar',
    costGroups: [{ name: 'Porch', values: [toChoose('Ceiling fan', '420')] }],
  });

const listed = (item: Locator, text: string) =>
  item.getByRole('listitem').filter({ hasText: text });

async function postComment(item: Locator, text: string) {
  await item.getByLabel('Add a comment').fill(text);
  await item.getByRole('button', { name: 'Post comment' }).click();
}

const LONG_URL = `https://example.com/catalogue/${'ceiling-fans-'.repeat(12)}oak?colour=bronze`;
const SENTENCE = 'The blades should match the oak floor, and the light kit must dim. ';
// About 1,990 characters over a few paragraphs, as in the review; the last line is only unfolded.
const LONG = `${SENTENCE.repeat(14).trim()}\n\n${SENTENCE.repeat(14).trim()}\n\nLast line: thanks!`;

test(
  'addresses in a comment are links to a new tab, and a long comment folds',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('clinks'), 'Cass Cedar');
    const id = await createPorch(page);
    await page.goto(`/proposal/${id}/selections/`);
    const fan = await openItem(shopItem(page, 'Ceiling fan'));

    await postComment(
      fan,
      `See https://example.com/finish-guide?a=1&b=2. Not javascript:alert(1) nor data:text/html,x` +
        ` (or this: ${LONG_URL})`,
    );
    const linked = listed(fan, 'See https://example.com/finish-guide');
    await expect(linked).toBeVisible();
    const links = linked.getByRole('link');
    await expect(links).toHaveCount(2);
    const guide = links.first();
    await expect(guide).toHaveAccessibleName(
      'https://example.com/finish-guide?a=1&b=2 (opens in a new tab)',
    );
    await expect(guide).toHaveAttribute('href', 'https://example.com/finish-guide?a=1&b=2');
    await expect(guide).toHaveAttribute('target', '_blank');
    await expect(guide).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // The '.' and the ')' closing the sentences stay text (the names above and here end with the
    // address); the long address wraps instead of widening the page.
    await expect(links.nth(1)).toHaveAttribute('href', LONG_URL);
    await expect(links.nth(1)).toHaveAccessibleName(`${LONG_URL} (opens in a new tab)`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await postComment(fan, LONG);
    const long = listed(fan, 'The blades should match');
    const more = long.getByRole('button', { name: 'Show more' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(long).not.toContainText('Last line: thanks!');
    const folded = (await long.boundingBox())?.height ?? 0;
    expect(folded).toBeLessThan(360);
    await expectNoAxeViolations(page, 'comments with links and a folded comment');
    await more.scrollIntoViewIfNeeded();
    await reviewShot(page, 'shop-comment-links');

    // By keyboard: the button keeps the focus both ways.
    await more.focus();
    await page.keyboard.press('Enter');
    const less = long.getByRole('button', { name: 'Show less' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await expect(less).toBeFocused();
    await expect(long).toContainText('Last line: thanks!');
    // The review's comment stood about 1,000 px tall; folded, it is a fraction of that.
    expect((await long.boundingBox())?.height ?? 0).toBeGreaterThan(folded * 2.5);
    await expectNoAxeViolations(page, 'an unfolded long comment');
    await less.scrollIntoViewIfNeeded();
    await reviewShot(page, 'shop-comment-unfolded');
    await page.keyboard.press('Space');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    await expect(long).not.toContainText('Last line: thanks!');
  },
);
