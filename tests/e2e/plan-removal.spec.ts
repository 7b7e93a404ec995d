import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { createdProposal } from './support/proposals';

/** A faucet from the catalogue added as an option of the proposal's first item, as the shop does. */
async function addFaucetOption(page: Page, id: string): Promise<void> {
  const selections = (await (await page.request.get(`/api/proposal/${id}/selections`)).json()) as {
    groups: { items: { id: string }[] }[];
  };
  const products = (await (
    await page.request.get('/api/products?limit=8&page=1&searchTerms=faucet')
  ).json()) as { _id: string }[];
  const added = await page.request.post(`/api/proposal/${id}/addProduct/`, {
    data: { costItemId: selections.groups[0]!.items[0]!.id, productId: products[0]!._id },
  });
  expect(added.status(), await added.text()).toBe(201);
}

/**
 * Records what the page's live regions say from now on ('polite: Restored Faucet.'), each change
 * once, as a screen reader hears it; Radix's toast adds its region for a second only, too briefly
 * to poll for.
 */
async function recordLiveRegions(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    const last = new WeakMap<Element, string>();
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[aria-live]')) {
        const words = region.textContent?.trim() ?? '';
        if (words !== '' && last.get(region) !== words)
          said.push(`${region.getAttribute('aria-live')}: ${words}`);
        last.set(region, words);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}

/*
 * Decision 0073: the shop adds options while the contractor edits the plan, without moving the
 * plan's version. A save that would remove an item that gained options since the editor loaded
 * asks first, naming the item; nothing is removed until the contractor agrees.
 */

test(
  'removing an item that gained options since the editor opened asks before saving',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('plan-remove'), 'Remy Remove');
    const id = await createdProposal(page.request, {
      projectName: 'Walnut Kitchen',
      companyName: 'Pro Builders',
      name: 'Remy Remove',
      costGroups: [
        {
          name: 'Kitchen',
          values: [
            { name: 'Faucet', rawCost: '300', selection: true },
            { name: 'Tile', rawCost: '900' },
          ],
        },
      ],
    });

    await page.goto(`/proposal/edit/${id}/`);
    // On a phone an item's cost, type and remove button sit behind its Details button.
    if ((page.viewportSize()?.width ?? 0) < 770) {
      await page.getByRole('button', { name: 'Details of Faucet' }).click();
    }
    const removeFaucet = page.getByRole('button', { name: 'Remove item Faucet' });
    await expect(removeFaucet).toBeVisible();

    // Meanwhile the homeowner's shop (another browser) adds an option to Faucet.
    await addFaucetOption(page, id);

    await removeFaucet.click();
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove items that have new options?' });
    await expect(question).toContainText(
      'Since you opened this proposal, “Faucet” got new product options in the shop; this save would remove it with its options.',
    );
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expectNoAxeViolations(page, 'the question before removing an item with new options');
    await reviewShot(page, 'plan-removal-question');

    // Kept editing: nothing was saved, and the question can be reviewed again.
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    const stored = async () =>
      (
        (await (await page.request.get(`/api/proposal/${id}`)).json()) as {
          costGroups: { values: { name: string; optionCount: number }[] }[];
        }
      ).costGroups[0]!.values.map((item) => `${item.name} ${item.optionCount}`);
    expect(await stored()).toEqual(['Faucet 1', 'Tile 0']);
    // Typed on after the question, the form is checked as 'Update Proposal' checks it: a cost
    // that does not compute stops the save at its field, and nothing is sent.
    if ((page.viewportSize()?.width ?? 0) < 770)
      await page.getByRole('button', { name: 'Details of Tile' }).click();
    const tileCost = page.getByLabel('Cost of Tile');
    await tileCost.fill('900+');
    await page.getByRole('button', { name: 'Review' }).click();
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(r.url());
    });
    await question.getByRole('button', { name: 'Remove and save' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'not a valid amount' })).toHaveText(
      'The cost of “Tile” is not a valid amount.',
    );
    await expect(tileCost).toBeFocused();
    expect(puts).toEqual([]);
    expect(await stored()).toEqual(['Faucet 1', 'Tile 0']);
    // Mended, the next save asks again.
    await tileCost.fill('900');
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    // What is typed after the question is saved too, not the form as it was at the first try.
    await page.getByLabel('Project name').fill('Walnut Kitchen and Pantry');
    await page.getByRole('button', { name: 'Review' }).click();
    await question.getByRole('button', { name: 'Remove and save' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
    await expect(page.getByRole('heading', { name: 'Walnut Kitchen and Pantry' })).toBeVisible();
    expect(await stored()).toEqual(['Tile 0']);
  },
);

test(
  'renaming a saved group to a module keeps its items, and says so',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('plan-module'), 'Mona Module');
    // Saved and not priced yet: a proposal sent in stages, its options shopped meanwhile.
    const id = await createdProposal(page.request, {
      projectName: 'Birch Kitchen',
      companyName: 'Pro Builders',
      name: 'Mona Module',
      costGroups: [
        {
          name: 'Kitchens',
          values: [
            { name: 'Farmhouse sink', rawCost: '', selection: true },
            { name: 'Pot filler', rawCost: '', selection: true },
          ],
        },
      ],
    });

    await page.goto(`/proposal/edit/${id}/`);
    const nameInput = page.getByLabel('Cost group name');
    await expect(nameInput).toHaveValue('Kitchens');
    await nameInput.fill('Kitchen Module');
    const group = page.getByRole('region', { name: 'Kitchen Module' });
    await expect(nameInput).toHaveAccessibleDescription(
      'Your items were kept: the Kitchen Module fills in its items only in a group with no costs, notes or saved items yet.',
    );
    const names = group.getByLabel('Item name');
    await expect(names).toHaveCount(3);
    await expect(names.nth(0)).toHaveValue('Farmhouse sink');
    await expect(names.nth(1)).toHaveValue('Pot filler');
    await expectNoAxeViolations(page, 'a saved group renamed to a module');
    await nameInput.evaluate((input) => input.scrollIntoView({ block: 'center' }));
    await reviewShot(page, 'plan-module-kept');

    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
    const stored = (await (await page.request.get(`/api/proposal/${id}`)).json()) as {
      costGroups: { name: string; values: { name: string }[] }[];
    };
    expect(stored.costGroups.map((g) => [g.name, g.values.map((v) => v.name)])).toEqual([
      ['Kitchen Module', ['Farmhouse sink', 'Pot filler']],
    ]);
  },
);

test(
  'removing an item that has product options asks first, naming it and its options',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('plan-options'), 'Otto Options');
    const id = await createdProposal(page.request, {
      projectName: 'Cedar Kitchen',
      companyName: 'Pro Builders',
      name: 'Otto Options',
      costGroups: [
        {
          name: 'Kitchen',
          values: [
            { name: 'Faucet', rawCost: '300', selection: true },
            { name: 'Tile', rawCost: '900' },
          ],
        },
      ],
    });
    // The shop has an option on Faucet before the editor opens: the editor does not show it.
    await addFaucetOption(page, id);

    await page.goto(`/proposal/edit/${id}/`);
    if ((page.viewportSize()?.width ?? 0) < 770) {
      await page.getByRole('button', { name: 'Details of Faucet' }).click();
    }
    await page.getByRole('button', { name: 'Remove item Faucet' }).click();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') requests.push(r.url());
    });
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove items with product options?' });
    await expect(question).toContainText(
      'This save removes “Faucet” with its 1 product option from the shop, and the choices and comments on it.',
    );
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expectNoAxeViolations(page, 'the question before removing an item with options');
    await reviewShot(page, 'plan-removal-options');
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    expect(requests).toEqual([]);

    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await question.getByRole('button', { name: 'Remove and save' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
    const stored = (await (await page.request.get(`/api/proposal/${id}`)).json()) as {
      costGroups: { values: { name: string }[] }[];
    };
    expect(stored.costGroups[0]!.values.map((item) => item.name)).toEqual(['Tile']);
  },
);

/*
 * Decision 0086: an item's Remove button removes it at once, says so, and offers Undo; Undo puts
 * the item back where it stood with everything it had, its id too, so its options survive the save.
 */
test(
  'a removed item comes back in place by Undo, with its cost, note and options',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('plan-undo'), 'Una Undo');
    const id = await createdProposal(page.request, {
      projectName: 'Maple Kitchen',
      companyName: 'Pro Builders',
      name: 'Una Undo',
      costGroups: [
        {
          name: 'Kitchen',
          values: [
            { name: 'Faucet', rawCost: '300+49.99', selection: true, note: 'Matte black' },
            { name: 'Tile', rawCost: '900' },
          ],
        },
      ],
    });
    await addFaucetOption(page, id);
    const stored = async () =>
      (
        (await (await page.request.get(`/api/proposal/${id}`)).json()) as {
          costGroups: {
            values: {
              id: string;
              name: string;
              rawCost: string;
              note: string;
              optionCount: number;
            }[];
          }[];
        }
      ).costGroups[0]!.values.map(
        (item) => `${item.id} ${item.name} ${item.rawCost} ${item.note} ${item.optionCount}`,
      );
    const before = await stored();

    await page.goto(`/proposal/edit/${id}/`);
    const phone = (page.viewportSize()?.width ?? 0) < 770;
    const names = page.getByLabel('Item name');
    await expect(names).toHaveCount(3);
    const said = await recordLiveRegions(page);
    // By keyboard: on a phone the remove button sits behind the row's Details button.
    if (phone) {
      await page.getByRole('button', { name: 'Details of Faucet' }).focus();
      await page.keyboard.press('Enter');
    }
    await page.getByRole('button', { name: 'Remove item Faucet' }).focus();
    await page.keyboard.press('Enter');
    await expect(names).toHaveCount(2);
    await expect(names.first()).toHaveValue('Tile');
    // Focus stays in the plan, on the row that took its place; the toast does not take it.
    await expect(names.first()).toBeFocused();
    // Said once, politely, with the way to its Undo: by the toast (Radix's own live region).
    await expect
      .poll(said)
      .toContain('polite: Notification Removed Faucet. Press F8 to reach Undo.');
    expect((await said()).filter((words) => words.includes('Removed Faucet'))).toHaveLength(1);
    const toast = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toast).toContainText('Removed Faucet.');
    const undo = toast.getByRole('button', { name: 'Undo' });

    // F8 reaches the toasts, Tab the toast and its Undo.
    await page.keyboard.press('F8');
    await expect(toast.getByRole('list')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toast.getByRole('listitem')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(undo).toBeFocused();
    await expectNoAxeViolations(page, 'the toast of a removed item');
    await reviewShot(page, 'plan-undo-toast');
    await page.keyboard.press('Enter');

    await expect(toast).toBeHidden();
    await expect(names).toHaveCount(3);
    await expect(names.first()).toHaveValue('Faucet');
    await expect(
      phone ? names.first() : page.getByRole('button', { name: 'Remove item Faucet' }),
    ).toBeFocused();
    await expect.poll(said).toContain('polite: Restored Faucet.');
    if (phone) await page.getByRole('button', { name: 'Details of Faucet' }).click();
    await expect(page.getByLabel('Cost of Faucet')).toHaveValue('300+49.99');
    await expect(page.getByLabel('Note for Faucet')).toHaveValue('Matte black');
    await expect(page.getByLabel('Selection for Faucet')).toBeChecked();
    await reviewShot(page, 'plan-undo-restored');

    // Escape in a toast closes it and gives focus back; the removal stands.
    if (phone) await page.getByRole('button', { name: 'Details of Tile' }).click();
    await page.getByRole('button', { name: 'Remove item Tile' }).focus();
    await page.keyboard.press('Enter');
    await expect(names).toHaveCount(2);
    await expect(names.last()).toBeFocused();
    await expect(toast).toContainText('Removed Tile.');
    await page.keyboard.press('F8');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(undo).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toast).toBeHidden();
    await expect(names.last()).toBeFocused();

    // Faucet kept as it was: the save asks nothing about its options, and keeps its id and
    // option; Tile is gone.
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
    expect(await stored()).toEqual(before.slice(0, 1));
    expect(before[0]).toMatch(/ Faucet 300\+49\.99 Matte black 1$/);
  },
);

/*
 * Decision 0086: Escape closes the toast only from inside the toasts' region. Escape pressed for
 * something else (a name's suggestions, a field) keeps the toast and its Undo.
 */
test(
  'Escape meant for the plan leaves the toast and its Undo',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('plan-escape'), 'Esme Escape');
    const id = await createdProposal(page.request, {
      projectName: 'Ash Bathroom',
      companyName: 'Pro Builders',
      name: 'Esme Escape',
      costGroups: [
        {
          name: 'Plumbing',
          values: [
            { name: 'Rough plumbing', rawCost: '900' },
            { name: 'Faucet', rawCost: '300' },
          ],
        },
      ],
    });

    await page.goto(`/proposal/edit/${id}/`);
    const names = page.getByLabel('Item name');
    await expect(names).toHaveCount(3);
    if ((page.viewportSize()?.width ?? 0) < 770) {
      await page.getByRole('button', { name: 'Details of Faucet' }).focus();
      await page.keyboard.press('Enter');
    }
    await page.getByRole('button', { name: 'Remove item Faucet' }).focus();
    await page.keyboard.press('Enter');
    await expect(names).toHaveCount(2);
    // Focus is on the empty row that took Faucet's place; its suggestions open with Down.
    await expect(names.last()).toBeFocused();
    const toast = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toast).toContainText('Removed Faucet.');

    await page.keyboard.press('ArrowDown');
    const suggestions = page.getByRole('listbox', { name: 'Suggested items' });
    await expect(suggestions).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(suggestions).toBeHidden();
    // A second Escape, with nothing open: still meant for the field, not for the toast.
    await page.keyboard.press('Escape');
    await expect(names.last()).toBeFocused();
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(toast).toContainText('Removed Faucet.');

    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(toast).toBeHidden();
    await expect(names).toHaveCount(3);
    await expect(names.nth(1)).toHaveValue('Faucet');
  },
);

/** A proposal whose Kitchen has Faucet and Tile, open in the editor with Faucet removed. */
async function faucetRemoved(page: Page, id: string, how: 'click' | 'tap'): Promise<void> {
  await page.goto(`/proposal/edit/${id}/`);
  await expect(page.getByLabel('Item name')).toHaveCount(3);
  if ((page.viewportSize()?.width ?? 0) < 770)
    await page.getByRole('button', { name: 'Details of Faucet' })[how]();
  await page.getByRole('button', { name: 'Remove item Faucet' })[how]();
  await expect(page.getByLabel('Item name')).toHaveCount(2);
}

const kitchen = (name: string) => ({
  projectName: 'Elm Kitchen',
  companyName: 'Pro Builders',
  name,
  costGroups: [
    {
      name: 'Kitchen',
      values: [
        { name: 'Faucet', rawCost: '300', selection: true },
        { name: 'Tile', rawCost: '900' },
      ],
    },
  ],
});

/*
 * Decision 0086: screen readers hear "Press F8 to reach Undo." from the toast; a sighted keyboard
 * user reads it under the message, where a mouse or trackpad says a keyboard is likely. A touch
 * screen alone has no F8, and shows no hint.
 */
test(
  'the toast shows a keyboard user how to reach Undo',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('plan-hint'), 'Hugo Hint');
    const id = await createdProposal(page.request, kitchen('Hugo Hint'));
    await faucetRemoved(page, id, 'click');

    const toast = page.getByRole('region', { name: 'Notifications (F8)' });
    const hint = toast.getByText('Press F8 to reach Undo');
    await expect(hint).toBeVisible();
    await expect(hint.locator('kbd')).toHaveText('F8');
    // Shown, not said twice: a screen reader in the toast finds the message, Undo and Dismiss
    // (Undo's way is said once, by Radix, as the first test checks).
    await expect(toast.getByRole('listitem')).toMatchAriaSnapshot(`
      - listitem:
        - text: Removed Faucet.
        - button "Undo"
        - button "Dismiss"
    `);
    // It fits the toast, and the toast the screen.
    const width = page.viewportSize()?.width ?? 0;
    const toastBox = (await toast.getByRole('listitem').boundingBox())!;
    const hintBox = (await hint.boundingBox())!;
    expect(toastBox.x).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(width);
    expect(hintBox.x + hintBox.width).toBeLessThanOrEqual(toastBox.x + toastBox.width);
    expect(hintBox.height).toBeLessThan(24);
    await expectNoAxeViolations(page, 'the toast with its keyboard hint');
    await reviewShot(page, 'plan-undo-hint');
  },
);

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('the toast shows no keyboard hint', { tag: '@mobile' }, async ({ page, signUp }) => {
    await signUp(uniqueEmail('plan-touch'), 'Tess Touch');
    const id = await createdProposal(page.request, kitchen('Tess Touch'));
    await faucetRemoved(page, id, 'tap');

    const toast = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(toast.getByText('Press F8 to reach Undo')).toBeHidden();
    await reviewShot(page, 'plan-undo-touch');
  });
});

/*
 * Decision 0086, after 0073's question: its third answer puts the items it names back as saved,
 * with their options, when the toast and its Undo are long gone.
 */
test(
  'the question about items with options can put them back',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('plan-put-back'), 'Pia Putback');
    const id = await createdProposal(page.request, kitchen('Pia Putback'));
    await addFaucetOption(page, id);
    const stored = async () =>
      (
        (await (await page.request.get(`/api/proposal/${id}`)).json()) as {
          costGroups: { values: { id: string; name: string; optionCount: number }[] }[];
        }
      ).costGroups[0]!.values.map((item) => `${item.id} ${item.name} ${item.optionCount}`);
    const before = await stored();

    await faucetRemoved(page, id, 'click');
    const toast = page.getByRole('region', { name: 'Notifications (F8)' });
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toBeHidden();
    const said = await recordLiveRegions(page);

    const save = page.getByRole('button', { name: 'Update Proposal' });
    await save.click();
    const question = page.getByRole('alertdialog', { name: 'Remove items with product options?' });
    const putBack = question.getByRole('button', { name: 'Put it back' });
    await expect(putBack).toBeVisible();
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expectNoAxeViolations(page, 'the question with its Put it back');
    await reviewShot(page, 'plan-removal-put-back');
    // 'Keep editing' still leaves the plan as it is.
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    const names = page.getByLabel('Item name');
    await expect(names).toHaveCount(2);

    await save.click();
    await putBack.click();
    await expect(question).toBeHidden();
    await expect(names).toHaveCount(3);
    await expect(names.first()).toHaveValue('Faucet');
    await expect(names.first()).toBeFocused();
    await expect.poll(said).toContain('polite: Put back “Faucet”.');
    if ((page.viewportSize()?.width ?? 0) < 770)
      await page.getByRole('button', { name: 'Details of Faucet' }).click();
    await expect(page.getByLabel('Cost of Faucet')).toHaveValue('300');
    await expect(page.getByLabel('Selection for Faucet')).toBeChecked();

    // Back with its id: the save asks nothing, and Faucet keeps its option.
    await save.click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
    expect(await stored()).toEqual(before);
    expect(before[0]).toMatch(/ Faucet 1$/);
  },
);
