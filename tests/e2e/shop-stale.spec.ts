import { POSITION_CHANGED } from '../../src/shared/schemas/selections';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';

/*
 * Decision 0071: a click on the shop page made on a screen someone else has changed since is
 * refused; the member is told, and the item shows what is there now.
 */

test(
  'a choice made from a stale screen is refused, said and replaced by what is there now',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('stale'), 'Stella Stale');
    const created = await page.request.post('/api/proposal', {
      data: {
        projectName: 'Slate Kitchen',
        companyName: 'Pro Builders',
        name: 'Stella Stale',
        costGroups: [
          { name: 'Kitchen', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const id = await created.text();
    const selections = (await (
      await page.request.get(`/api/proposal/${id}/selections`)
    ).json()) as {
      groups: { items: { id: string }[] }[];
    };
    const itemId = selections.groups[0]!.items[0]!.id;
    const products = (await (
      await page.request.get('/api/products?limit=8&page=1&searchTerms=faucet')
    ).json()) as { _id: string; title: string }[];
    const options: { id: string; title: string }[] = [];
    for (const product of products.slice(0, 2)) {
      const added = await page.request.post(`/api/proposal/${id}/addProduct/`, {
        data: { costItemId: itemId, productId: product._id },
      });
      expect(added.status(), await added.text()).toBe(201);
      options.push({ id: ((await added.json()) as { id: string }).id, title: product.title });
    }
    const [first, second] = options as [(typeof options)[0], (typeof options)[0]];

    await page.goto(`/proposal/${id}/selections/`);
    const faucet = await openItem(shopItem(page, 'Faucet'));
    await expect(
      faucet.getByRole('button', { name: `${first.title}: Not selected` }),
    ).toBeVisible();

    // Another tab chooses the first option; this screen still shows it not selected.
    const elsewhere = await page.request.put(`/api/proposal/${id}/options/${first.id}`, {
      data: { position: 'chosen', expected: 'not_selected' },
    });
    expect(elsewhere.status()).toBe(200);

    await faucet.getByRole('button', { name: `${first.title}: Not selected` }).click();
    await expect(faucet.getByRole('alert')).toHaveText(POSITION_CHANGED);
    // Read again: the other tab's choice stands, not this screen's click.
    await expect(faucet.getByRole('button', { name: `${first.title}: Chosen` })).toBeVisible();
    await expect(
      faucet.getByRole('button', { name: `${second.title}: Not selected` }),
    ).toBeVisible();
    const stored = (await (await page.request.get(`/api/proposal/${id}/selections`)).json()) as {
      groups: { items: { options: { id: string; position: string }[] }[] }[];
    };
    expect(stored.groups[0]!.items[0]!.options.find((o) => o.id === first.id)?.position).toBe(
      'chosen',
    );
    await expectNoAxeViolations(page, 'the shop page with a refused stale choice');
    await reviewShot(page, 'shop-stale-choice');

    // Seen as it is now, the next click counts.
    await faucet.getByRole('button', { name: `${first.title}: Chosen` }).click();
    await expect(
      faucet.getByRole('button', { name: `${first.title}: Not selected` }),
    ).toBeVisible();
    await expect(faucet.getByRole('alert')).toHaveCount(0);
  },
);
