import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';
import { createdProposal, labor, toChoose } from './support/proposals';

/*
 * Issue 19, "Money shown in one currency" (decision 0021): the contractor picks the proposal's
 * currency in the wizard; the plan, viewer and shop page show its money in it; suggestions rank
 * it first and a product in another currency says so; All Products compares in a picked one.
 */

const createKitchen = (request: APIRequestContext, projectName: string, selections: string[]) =>
  createdProposal(request, {
    projectName,
    companyName: 'Ledger Builders',
    name: 'Lee Ledger',
    costGroups: [
      {
        name: 'Kitchen',
        values: [
          ...selections.map((name) => toChoose(name, '2500')),
          labor('Install cabinets', '1200'),
        ],
      },
    ],
  });

const suggestions = (page: Page, itemName: string) =>
  page.getByRole('region', { name: `Suggested products for ${itemName}` });

test(
  'a contractor picks euros in the wizard, and the plan, viewer and shop page show €',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('euro-pro'), 'Lee Ledger');
    const id = await createKitchen(page.request, 'Euro Kitchen', ['Cabinets']);

    await page.goto(`/proposal/edit/${id}/`);
    const currency = page.getByLabel('Currency');
    await expect(currency).toHaveValue('USD');
    await expect(currency.locator('option')).toHaveText([
      'US dollars ($)',
      'Euros (€)',
      'British pounds (£)',
    ]);
    await expect(page.getByText('Plan total')).toContainText('$3,700.00');
    await currency.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'the wizard with its currency field');
    await reviewShot(page, 'currency-wizard-field');

    const costField = page.getByLabel('Cost of Install cabinets').locator('..');
    await expect(costField).toContainText('$');
    await currency.selectOption('EUR');
    // The plan editor follows the pick at once, before saving: totals and the cost fields.
    await expect(page.getByText('Plan total')).toContainText('€3,700.00');
    await expect(costField).toContainText('€');
    await expect(costField).not.toContainText('$');
    await page.getByRole('button', { name: 'Update Proposal' }).click();

    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/?$`));
    const budget = page.getByRole('table', { name: 'Budget by cost type' });
    await expect(budget.getByRole('row', { name: /^Total/ })).toContainText('€3,700.00');
    await expect(page.getByText('$3,700.00')).toHaveCount(0);
    await expectNoAxeViolations(page, 'the viewer of a proposal in euros');
    await page.goto(`/print/${id}/`);
    await expect(page.getByRole('table', { name: 'Budget by cost type' })).toContainText(
      '€3,700.00',
    );
    await expect(page.getByText('$3,700.00')).toHaveCount(0);
    await expectNoAxeViolations(page, 'the print page of a proposal in euros');

    await page.goto(`/proposal/${id}/selections/`);
    const cabinets = shopItem(page, 'Cabinets');
    await expect(cabinets).toContainText('Budget €2,500.00');
    await openItem(cabinets);
    // Searching the catalogue from the item compares in the proposal's currency too.
    await expect(cabinets.getByRole('link', { name: /Search products/ })).toHaveAttribute(
      'href',
      /currency=EUR/,
    );
    const tiles = suggestions(page, 'Cabinets').getByRole('listitem');
    await expect(tiles).toHaveCount(4);
    // The euro cabinet first; the dollar ones after it, each saying so.
    await expect(tiles.first()).toContainText('€279.00');
    await expect(tiles.first()).not.toContainText('not euros');
    await expect(tiles.nth(1)).toContainText('in US dollars, not euros');
    await suggestions(page, 'Cabinets').scrollIntoViewIfNeeded();
    await reviewShot(page, 'currency-suggestions-eur');
    await expectNoAxeViolations(page, 'the shop page of a proposal in euros');

    // A product added by hand is priced in the proposal's currency unless changed.
    await cabinets.getByRole('button', { name: 'Add manually' }).click();
    const manual = page.getByRole('dialog', { name: 'Add a product' });
    await expect(manual.getByLabel('Currency')).toHaveValue('EUR');
  },
);

test(
  'a dollar proposal suggests dollars first and says which prices are in another currency',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('dollar-pro'), 'Lee Ledger');
    const id = await createKitchen(page.request, 'Dollar Kitchen', ['Cabinets']);
    const other = await createKitchen(page.request, 'Dollar Sink', ['Garbage disposal']);

    await page.goto(`/proposal/${id}/selections/`);
    await openItem(shopItem(page, 'Cabinets'));
    const cabinets = suggestions(page, 'Cabinets').getByRole('listitem');
    await expect(cabinets).toHaveCount(4);
    for (const tile of await cabinets.all()) await expect(tile).toContainText('$');
    await expect(suggestions(page, 'Cabinets')).not.toContainText('€');
    await expect(suggestions(page, 'Cabinets')).not.toContainText('not US dollars');
    await suggestions(page, 'Cabinets').scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'the shop page of a proposal in dollars');
    await reviewShot(page, 'currency-suggestions');

    await page.goto(`/proposal/${other}/selections/`);
    await openItem(shopItem(page, 'Garbage disposal'));

    const disposal = suggestions(page, 'Garbage disposal');
    await disposal.scrollIntoViewIfNeeded();
    const tiles = disposal.getByRole('listitem');
    await expect(tiles).toHaveCount(4);
    const pounds = tiles.filter({ hasText: '£' });
    await expect(pounds).toHaveCount(1);
    await expect(pounds).toContainText('in British pounds, not US dollars');
    // The one without a price or currency gets no note: there is nothing to compare.
    const unknown = tiles.filter({ hasText: 'Price not available' });
    await expect(unknown).toHaveCount(1);
    await expect(unknown).not.toContainText('not US dollars');
    // Dollars first, then the unknown currency, then the pound.
    await expect(tiles.nth(3)).toContainText('£');
    await expectNoAxeViolations(page, 'the shop page with a price in another currency');
    await reviewShot(page, 'currency-suggestions-other');

    // All Products has no proposal: it compares in dollars until the visitor picks another.
    await page.goto('/allProducts/?searchTerms=cabinets');
    const compare = page.getByLabel('Compare prices in');
    await expect(compare).toHaveValue('USD');
    const grid = page.getByRole('main');
    await expect(grid.getByText('in euros, not US dollars')).toBeVisible();
    await expectNoAxeViolations(page, 'All Products in dollars');
    await compare.selectOption('GBP');
    await expect(page).toHaveURL(/currency=GBP/);
    await expect(grid.getByText('£279.00')).toBeVisible();
    await expect(grid.getByText('in US dollars, not British pounds').first()).toBeVisible();
    // The note stays inside its tile at both widths (it wraps rather than spill over).
    const tile = grid
      .getByRole('listitem')
      .filter({ hasText: 'in US dollars, not British pounds' })
      .first();
    const note = tile.getByText('in US dollars, not British pounds');
    const [noteBox, tileBox] = [await note.boundingBox(), await tile.boundingBox()];
    expect(noteBox && tileBox && noteBox.x + noteBox.width <= tileBox.x + tileBox.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await expectNoAxeViolations(page, 'All Products in pounds');
    await reviewShot(page, 'currency-all-products');
  },
);
