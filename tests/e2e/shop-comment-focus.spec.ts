import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';
import { createdProposal, receivedByHomeowner, toChoose } from './support/proposals';

/*
 * Review 25: posting a comment on the shop page threw the keyboard to the top of the page (the
 * Post button turned disabled under the focus). Whoever posts, by mouse or by keyboard, the focus
 * stays on Post while the comment is on its way and is back in the box once it has gone, empty
 * after a post and holding the text after a failure.
 */

const COMMENTS = /\/api\/proposal\/[^/]+\/items\/[^/]+\/comments$/;

const createPorch = (page: Page) =>
  createdProposal(page.request, {
    projectName: 'Cedar Porch',
    companyName: 'Cedar Builders',
    name: 'Cass Cedar',
    costGroups: [{ name: 'Porch', values: [toChoose('Ceiling fan', '420')] }],
  });

const box = (item: Locator) => item.getByLabel('Add a comment');
const post = (item: Locator) => item.getByRole('button', { name: 'Post comment' });
const listed = (item: Locator, text: string) =>
  item.getByRole('listitem').filter({ hasText: text });

/** Types a comment and posts it with Tab and Enter, as a keyboard user does. */
async function postByKeyboard(item: Locator, text: string) {
  await box(item).fill(text);
  await box(item).press('Tab');
  await expect(post(item)).toBeFocused();
  await item.page().keyboard.press('Enter');
}

test(
  'the contractor’s comment box keeps the keyboard through a post, by mouse and by keyboard',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('focus-pro'), 'Cass Cedar');
    const id = await createPorch(page);
    await page.goto(`/proposal/${id}/selections/`);
    const fan = await openItem(shopItem(page, 'Ceiling fan'));

    // By mouse, the post held on its way: Post keeps the focus and says it is busy.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(COMMENTS, async (route) => {
      await held;
      await route.continue();
    });
    await box(fan).fill('Can it be on a wall switch?');
    await post(fan).click();
    await expect(post(fan)).toHaveAttribute('aria-busy', 'true');
    await expect(post(fan)).toBeFocused();
    release();
    await expect(listed(fan, 'Can it be on a wall switch?')).toBeVisible();
    await expect(box(fan)).toHaveValue('');
    await expect(box(fan)).toBeFocused();
    await expect(post(fan)).toBeDisabled();
    await page.unroute(COMMENTS);

    // By keyboard.
    await postByKeyboard(fan, 'And a light kit, please.');
    await expect(listed(fan, 'And a light kit, please.')).toBeVisible();
    await expect(box(fan)).toHaveValue('');
    await expect(box(fan)).toBeFocused();
    await expectNoAxeViolations(page, 'the comment box after a post');
    await reviewShot(page, 'shop-comment-posted');
  },
);

test(
  'a comment that fails keeps its text, says why and leaves the keyboard in the box',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('focus-fail'), 'Cass Cedar');
    const id = await createPorch(page);
    await page.goto(`/proposal/${id}/selections/`);
    const fan = await openItem(shopItem(page, 'Ceiling fan'));
    await page.route(COMMENTS, (route) => route.abort('internetdisconnected'));

    await postByKeyboard(fan, 'Does it come in bronze?');
    const alert = fan.getByRole('alert');
    await expect(alert).toHaveText(
      'We could not reach Plansmith. Check your connection and try again.',
    );
    await expect(box(fan)).toHaveValue('Does it come in bronze?');
    await expect(box(fan)).toBeFocused();
    await expect(box(fan)).toHaveAttribute(
      'aria-describedby',
      new RegExp(`\\b${await alert.getAttribute('id')}\\b`),
    );
    await expect(listed(fan, 'bronze')).toHaveCount(0);

    // By mouse, the same.
    await box(fan).fill('Does it come in brass?');
    await post(fan).click();
    await expect(box(fan)).toHaveValue('Does it come in brass?');
    await expect(alert).toBeVisible();
    await expect(box(fan)).toBeFocused();
    await expectNoAxeViolations(page, 'the comment box after a failed post');
    await reviewShot(page, 'shop-comment-failed');
  },
);

test(
  'the homeowner’s comment box keeps the keyboard through a post',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    await signUp(uniqueEmail('focus-owner'), 'Cass Cedar');
    const id = await createPorch(page);
    const homeownerEmail = uniqueEmail('focus-home');
    await receivedByHomeowner(
      { browser, mailbox, page },
      id,
      { email: homeownerEmail, name: 'Hale Home' },
      async (home) => {
        await home.goto(`/proposal/received/${id}/selections/`);
        const fan = await openItem(shopItem(home, 'Ceiling fan'));

        await postByKeyboard(fan, 'Quiet enough for a bedroom?');
        await expect(listed(fan, 'Quiet enough for a bedroom?')).toBeVisible();
        await expect(box(fan)).toHaveValue('');
        await expect(box(fan)).toBeFocused();

        await box(fan).fill('Black blades, please.');
        await post(fan).click();
        await expect(listed(fan, 'Black blades, please.')).toBeVisible();
        await expect(box(fan)).toBeFocused();
      },
    );
  },
);
