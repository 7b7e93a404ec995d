import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { itemToggle, openItem, shopItem } from './support/shop';
import { createdProposal, toChoose } from './support/proposals';

/*
 * What is typed into an item's boxes on the shop page and not yet sent outlives the item being
 * closed (its toggle, its group, 'Collapse All'); a comment typed on while the last one posts is
 * kept.
 */

const COMMENTS = /\/api\/proposal\/[^/]+\/items\/[^/]+\/comments$/;

/**
 * Holds every request to `path` from before it is sent until `release()`, then lets `then` answer
 * it (a dropped connection, or on to the server).
 */
async function holdRequests(page: Page, path: RegExp, then: (route: Route) => Promise<void>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route) => {
    await released;
    await then(route);
  });
  return { release: () => release() };
}

const createBath = (request: APIRequestContext) =>
  createdProposal(request, {
    projectName: 'Slate Bath',
    companyName: 'Slate Builders',
    name: 'Sam Slate',
    costGroups: [
      { name: 'Bathroom', values: [toChoose('Vanity', '900'), toChoose('Mirror', '150')] },
    ],
  });

test(
  'a half-typed comment, link and note come back when the item is opened again',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('slate'), 'Sam Slate');
    const id = await createBath(page.request);
    await page.goto(`/proposal/${id}/selections/`);

    const vanity = await openItem(shopItem(page, 'Vanity'));
    await vanity.getByLabel('Add a comment').fill('Could we see it in walnut');
    await vanity.getByLabel('Paste a product link').fill('https://vanities.example.com/p/12');
    await vanity.getByRole('button', { name: 'Edit note' }).click();
    await vanity.getByRole('textbox', { name: 'Note' }).fill('Soft-close drawers, please');

    // Closed with its own toggle, then opened again: everything is where it was.
    await itemToggle(vanity).click();
    await expect(vanity.getByLabel('Add a comment')).toHaveCount(0);
    await openItem(vanity);
    await expect(vanity.getByLabel('Add a comment')).toHaveValue('Could we see it in walnut');
    await expect(vanity.getByLabel('Paste a product link')).toHaveValue(
      'https://vanities.example.com/p/12',
    );
    await expect(vanity.getByRole('textbox', { name: 'Note' })).toHaveValue(
      'Soft-close drawers, please',
    );
    // Opening the item does not throw the keyboard into the kept note.
    await expect(itemToggle(vanity)).toBeFocused();
    await expectNoAxeViolations(page, 'an item opened again on its unsent text');
    await reviewShot(page, 'shop-unsent-restored');

    // Collapse All and Expand All: still there; the note saved from the kept edit.
    await page.getByRole('button', { name: 'Collapse All' }).click();
    await expect(vanity).toBeHidden();
    await page.getByRole('button', { name: 'Expand All' }).click();
    if ((await itemToggle(vanity).getAttribute('aria-expanded')) === 'false')
      await openItem(vanity);
    await expect(vanity.getByLabel('Add a comment')).toHaveValue('Could we see it in walnut');
    await vanity.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(vanity.getByText('Soft-close drawers, please')).toBeVisible();
    await expect(vanity.getByRole('button', { name: 'Edit note' })).toBeVisible();

    // Saved and sent things are not brought back.
    await vanity.getByRole('button', { name: 'Post comment' }).click();
    await expect(vanity.getByRole('listitem').filter({ hasText: 'walnut' })).toBeVisible();
    await expect(vanity.getByLabel('Add a comment')).toHaveValue('');
    await itemToggle(vanity).click();
    await openItem(vanity);
    await expect(vanity.getByLabel('Add a comment')).toHaveValue('');
    await expect(vanity.getByRole('button', { name: 'Edit note' })).toBeVisible();
    await expect(vanity.getByRole('textbox', { name: 'Note' })).toHaveCount(0);
  },
);

test('a comment typed on while the last one posts is kept', async ({ page, signUp }) => {
  await signUp(uniqueEmail('slate'), 'Sam Slate');
  const id = await createBath(page.request);
  await page.goto(`/proposal/${id}/selections/`);
  const mirror = await openItem(shopItem(page, 'Mirror'));

  // The post is held until more has been typed.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(COMMENTS, async (route) => {
    await typed;
    await route.continue();
  });
  const box = mirror.getByLabel('Add a comment');
  await box.fill('Round, please.');
  await mirror.getByRole('button', { name: 'Post comment' }).click();
  await box.press('End');
  await box.pressSequentially(' And brass.');
  await expect(box).toHaveValue('Round, please. And brass.');
  release();

  await expect(mirror.getByRole('listitem').filter({ hasText: 'Round, please.' })).toBeVisible();
  await expect(box).toHaveValue('And brass.');

  // Posted while the item was closed: opened again, the box does not offer it a second time.
  let releaseNext = () => {};
  const closed = new Promise<void>((resolve) => (releaseNext = resolve));
  await page.unroute(COMMENTS);
  await page.route(COMMENTS, async (route) => {
    await closed;
    await route.continue();
  });
  await box.fill('Brass it is.');
  const posted = page.waitForResponse(/\/comments$/);
  await mirror.getByRole('button', { name: 'Post comment' }).click();
  await itemToggle(mirror).click();
  await expect(box).toHaveCount(0);
  releaseNext();
  expect((await posted).status()).toBe(201);
  // The page has taken the posted comment in (the closed card counts it) before it is opened.
  await expect(mirror).toContainText('2 comments');
  await openItem(mirror);
  await expect(mirror.getByRole('listitem').filter({ hasText: 'Brass it is.' })).toBeVisible();
  await expect(box).toHaveValue('');
});

test('a half-typed comment outlives a visit to the Plan tab and back', async ({ page, signUp }) => {
  await signUp(uniqueEmail('slate-tabs'), 'Sam Slate');
  const id = await createBath(page.request);
  await page.goto(`/proposal/${id}/selections/`);
  const vanity = await openItem(shopItem(page, 'Vanity'));
  await vanity.getByLabel('Add a comment').fill('Could we see it in oak');

  // The page's own tabs leave the shop page and come back to it, in the same tab.
  const tabs = page.getByRole('navigation', { name: 'Proposal pages' });
  await tabs.getByRole('link', { name: 'Plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
  await tabs.getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/selections/$`));
  const again = await openItem(shopItem(page, 'Vanity'));
  await expect(again.getByLabel('Add a comment')).toHaveValue('Could we see it in oak');
});

test(
  'a comment or note that fails after its item was closed says so on the card',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('slate-fails'), 'Sam Slate');
    const id = await createBath(page.request);
    await page.goto(`/proposal/${id}/selections/`);
    const vanity = await openItem(shopItem(page, 'Vanity'));

    // Each save waits, from before it is sent, until the item has been closed.
    const comments = await holdRequests(page, COMMENTS, (route) =>
      route.abort('internetdisconnected'),
    );
    const box = vanity.getByLabel('Add a comment');
    await box.fill('Walnut, please.');
    let held = page.waitForRequest(/\/comments$/);
    await vanity.getByRole('button', { name: 'Post comment' }).click();
    await held;
    await itemToggle(vanity).click();
    await expect(box).toHaveCount(0);
    comments.release();
    const alert = vanity.getByRole('alert');
    await expect(alert).toHaveText(
      'Your comment could not be posted. We could not reach Plansmith. Check your connection and try again.',
    );
    await expectNoAxeViolations(page, 'a closed item saying its comment failed');
    await reviewShot(page, 'shop-closed-item-failed');
    await openItem(vanity);
    await expect(box).toHaveValue('Walnut, please.');
    await expect(vanity.getByRole('listitem').filter({ hasText: 'Walnut' })).toHaveCount(0);

    // The note: someone else saves theirs while ours waits, and the item is closed. The card
    // says so; opened again, our edit is there, and Save replaces theirs.
    await vanity.getByRole('button', { name: 'Dismiss message' }).click();
    const note = await holdRequests(page, /\/api\/proposal\/[^/]+\/items\/[^/]+\/note$/, (route) =>
      route.continue(),
    );
    await vanity.getByRole('button', { name: 'Edit note' }).click();
    await vanity.getByRole('textbox', { name: 'Note' }).fill('Soft-close drawers');
    held = page.waitForRequest(/\/note$/);
    await vanity.getByRole('button', { name: 'Save', exact: true }).click();
    await held;
    await itemToggle(vanity).click();
    await expect(vanity.getByRole('textbox', { name: 'Note' })).toHaveCount(0);
    const selections = (await (
      await page.request.get(`/api/proposal/${id}/selections`)
    ).json()) as { groups: { items: { id: string; name: string }[] }[] };
    const itemId = selections.groups[0]!.items.find((item) => item.name === 'Vanity')!.id;
    const theirs = await page.request.put(`/api/proposal/${id}/items/${itemId}/note`, {
      data: { note: 'Matte black handles', expected: '' },
    });
    expect(theirs.ok(), await theirs.text()).toBe(true);
    note.release();
    await expect(alert).toHaveText(
      'The note could not be saved. Someone else changed this note while you were editing. Save again to replace it with yours, or Cancel to see theirs.',
    );
    await openItem(vanity);
    await expect(vanity.getByRole('textbox', { name: 'Note' })).toHaveValue('Soft-close drawers');
    await vanity.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(vanity.getByText('Soft-close drawers', { exact: true })).toBeVisible();
    await expect(vanity.getByRole('button', { name: 'Edit note' })).toBeVisible();
  },
);

test('a comment that fails after the reader left for the Plan tab says so when they come back', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('slate-away'), 'Sam Slate');
  const id = await createBath(page.request);
  await page.goto(`/proposal/${id}/selections/`);
  const vanity = await openItem(shopItem(page, 'Vanity'));
  const comments = await holdRequests(page, COMMENTS, (route) =>
    route.abort('internetdisconnected'),
  );
  await vanity.getByLabel('Add a comment').fill('Walnut, please.');
  const held = page.waitForRequest(/\/comments$/);
  await vanity.getByRole('button', { name: 'Post comment' }).click();
  await held;

  // The whole shop page goes while the comment is on its way, and it fails meanwhile.
  const tabs = page.getByRole('navigation', { name: 'Proposal pages' });
  await tabs.getByRole('link', { name: 'Plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
  const failed = page.waitForEvent('requestfailed', (request) =>
    request.url().endsWith('/comments'),
  );
  comments.release();
  await failed;
  await tabs.getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/selections/$`));
  const again = shopItem(page, 'Vanity');
  await expect(again.getByRole('alert')).toHaveText(
    'Your comment could not be posted. We could not reach Plansmith. Check your connection and try again.',
  );
  await openItem(again);
  await expect(again.getByLabel('Add a comment')).toHaveValue('Walnut, please.');
});
