import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';
import { createdProposal } from './support/proposals';

/*
 * A link whose page cannot be read offers the manual form with it. The lookup ends in the
 * background: when another product form is open then, typed in, it is not replaced; the offered
 * form opens once that one is closed.
 */
test(
  'a failed lookup waits for the form being typed in, then offers its own',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    test.slow();
    const retailer = process.env.E2E_RETAILER_ORIGIN;
    if (!retailer)
      throw new Error('E2E_RETAILER_ORIGIN is not set (global-setup starts the shop).');
    await signUp(uniqueEmail('offered'), 'Olive Offered');
    const id = await createdProposal(page.request, {
      projectName: 'Olive Bath',
      companyName: 'Olive Works',
      name: 'Olive Offered',
      costGroups: [
        {
          name: 'Bath',
          values: [
            { name: 'Vanity', rawCost: '900', costType: 4, selection: true },
            { name: 'Mirror', rawCost: '150', costType: 4, selection: true },
          ],
        },
      ],
    });

    // The lookup is held until the other form has been typed in.
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/products\/?$/, async (route) => {
      const body = route.request().postDataJSON() as { manual?: boolean } | null;
      if (!body?.manual) await typed;
      await route.continue();
    });

    await page.goto(`/proposal/${id}/selections/`);
    const vanity = await openItem(shopItem(page, 'Vanity'));
    const missing = `${retailer}/p/missing`;
    await vanity.getByLabel('Paste a product link').fill(missing);
    await vanity.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(vanity.getByText('Fetching product…')).toBeVisible();

    const mirror = await openItem(shopItem(page, 'Mirror'));
    await mirror.getByRole('button', { name: 'Add manually' }).click();
    const form = page.getByRole('dialog', { name: 'Add a product' });
    await expect(form).toContainText('Enter the details of a product you found.');
    await form.getByLabel('Product name').fill('Round brass mirror');
    release();

    // The lookup has failed: the form being typed in stays as it was.
    await expect(vanity.getByText('Fetching product…')).toHaveCount(0, { timeout: 60_000 });
    await expect(form.getByLabel('Product name')).toHaveValue('Round brass mirror');
    await expect(form.getByLabel('Product URL')).toHaveValue('');
    await reviewShot(page, 'shop-offered-form-waiting');

    // Closed, the offered form opens for the vanity with the link.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toContainText(
      'We could not read the product from that page. Please enter its details.',
    );
    await expect(form.getByLabel('Product URL')).toHaveValue(missing);
    await expect(form.getByLabel('Product name')).toHaveValue('');
    await expectNoAxeViolations(page, 'the manual form offered after a failed lookup');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
  },
);
