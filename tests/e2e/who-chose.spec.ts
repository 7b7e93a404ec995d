import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { SelectionsPage } from '../../src/shared/schemas/selections';
import { expectNoAxeViolations } from './support/axe';
import { openedFromMail } from './support/contexts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, receivedByHomeowner, toChoose } from './support/proposals';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';

/*
 * Decision 0091 and review 27 findings 1 and 11: the homeowner and the contractor see who chose
 * each product and when; an invited designer cannot replace the homeowner's choice, and reads
 * words meant for an invitee (who invited her, what she may do), not the homeowner's.
 */

/** A sent-to-be proposal with a faucet and a refrigerator to choose, two options each. */
async function kitchen(request: APIRequestContext) {
  const id = await createdProposal(request, {
    projectName: 'Ng Kitchen Remodel',
    companyName: 'Contreras Remodeling',
    name: 'Carla Contreras',
    costGroups: [
      {
        name: 'Kitchens',
        values: [toChoose('Kitchen faucet', '450'), toChoose('Refrigerator', '1800')],
      },
    ],
  });
  const page = (await (
    await request.get(`/api/proposal/${id}/selections`)
  ).json()) as SelectionsPage;
  const itemId = (name: string) => page.groups[0]!.items.find((i) => i.name === name)!.id;
  const titles: Record<string, string[]> = {};
  for (const [item, terms] of [
    ['Kitchen faucet', 'faucet'],
    ['Refrigerator', 'refrigerator'],
  ] as const) {
    const found = (await (
      await request.get(`/api/products?limit=8&page=1&searchTerms=${terms}`)
    ).json()) as { _id: string; title: string }[];
    titles[item] = [];
    for (const product of found.slice(0, 2)) {
      const added = await request.post(`/api/proposal/${id}/addProduct/`, {
        data: { costItemId: itemId(item), productId: product._id },
      });
      expect(added.ok(), await added.text()).toBe(true);
      titles[item].push(product.title);
    }
  }
  return { id, faucets: titles['Kitchen faucet']!, fridges: titles.Refrigerator! };
}

const optionCard = (card: Locator, title: string) =>
  card.getByRole('listitem').filter({ has: card.page().getByRole('heading', { name: title }) });

const positionButton = (card: Locator, title: string) =>
  optionCard(card, title).getByRole('button', { name: new RegExp(`^${escape(title)}: `) });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const DAY = /\w{3} \d{1,2}, \d{4}/;

async function shop(page: Page, url: string) {
  await page.goto(url);
  await expect(shopItem(page, 'Kitchen faucet')).toBeVisible();
}

test(
  'the homeowner sees who chose, and an invitee suggests without replacing her choice',
  { tag: '@mobile' },
  async ({ page, browser, mailbox, signUp }) => {
    await signUp(uniqueEmail('carla'), 'Carla Contreras');
    const { id, faucets, fridges } = await kitchen(page.request);
    const designer = uniqueEmail('dora');
    const designerName = designer.split('@')[0]!;
    const invitedSince = Date.now();
    const invited = await page.request.post(`/api/proposal/${id}/invite`, {
      data: { inviteeEmail: designer },
    });
    expect(invited.ok(), await invited.text()).toBe(true);

    const homeowner = { email: uniqueEmail('hana'), name: 'Hana Ng' };
    await receivedByHomeowner({ browser, mailbox, page }, id, homeowner, async (home) => {
      const homeShop = `/proposal/received/${id}/selections/`;
      await shop(home, homeShop);
      const faucet = await openItem(shopItem(home, 'Kitchen faucet'));
      await positionButton(faucet, faucets[0]!).click();
      await positionButton(faucet, faucets[0]!).click();
      await expect(positionButton(faucet, faucets[0]!)).toHaveAccessibleName(
        `${faucets[0]}: Chosen`,
      );
      const mine = optionCard(faucet, faucets[0]!);
      await expect(mine).toContainText(new RegExp(`Chosen by you, ${DAY.source}`));

      await openedFromMail(
        browser,
        mailbox,
        { to: designer, since: invitedSince },
        async (dora) => {
          // Her view of the proposal says who invited her and what she may do.
          // The invitation's link signs her in and lands on her view of the proposal.
          await expect(dora).toHaveURL(new RegExp(`/proposal/received/${id}/$`));
          await expect(
            dora.getByText(
              'Carla Contreras invited you to this proposal. You can view it, shop and comment. You cannot sign or edit it.',
            ),
          ).toBeVisible();
          await expect(dora.getByText('These are the items the homeowner chooses')).toBeVisible();
          await expect(dora.getByText('These items are yours to choose')).toHaveCount(0);
          await reviewShot(dora, 'invitee-view');
          await expectNoAxeViolations(dora, "the invitee's proposal view");
          await dora.goto('/dashboard/');
          await expect(
            dora.getByText(
              'Proposals you were invited to: view them, shop for products and comment.',
            ),
          ).toBeVisible();

          await shop(dora, `/proposal/received/${id}/selections/`);
          const hers = await openItem(shopItem(dora, 'Kitchen faucet'));
          await expect(optionCard(hers, faucets[0]!)).toContainText(
            'Chosen by Hana Ng (the homeowner)',
          );
          // The homeowner's choice stands: her button says so and changes nothing.
          const chosen = positionButton(hers, faucets[0]!);
          await expect(chosen).toHaveAttribute('aria-disabled', 'true');
          await expect(chosen).toHaveAccessibleDescription(
            'Only the homeowner or the contractor can change this choice.',
          );
          // Another option goes Liked, then back to Not selected: never Chosen.
          const other = positionButton(hers, faucets[1]!);
          await other.click();
          await expect(other).toHaveAccessibleName(`${faucets[1]}: Liked`);
          await other.click();
          await expect(other).toHaveAccessibleName(`${faucets[1]}: Not selected`);
          await expect(chosen).toHaveAccessibleName(`${faucets[0]}: Chosen`);
          await reviewShot(dora, 'invitee-shop-faucet');
          await expectNoAxeViolations(dora, "the invitee's shop with the homeowner's choice");

          // Where nothing is chosen, she may choose: the homeowner then sees it was her.
          const fridge = await openItem(shopItem(dora, 'Refrigerator'));
          await positionButton(fridge, fridges[0]!).click();
          await positionButton(fridge, fridges[0]!).click();
          await expect(optionCard(fridge, fridges[0]!)).toContainText('Chosen by you');
        },
        { viewport: home.viewportSize() },
      );

      await shop(home, homeShop);
      const fridge = shopItem(home, 'Refrigerator');
      // The closed card already says whose choice it is.
      await expect(fridge).toContainText(new RegExp(`Chosen by ${designerName}, ${DAY.source}`));
      await expect(shopItem(home, 'Kitchen faucet')).toContainText('Chosen by you');
      await reviewShot(home, 'homeowner-shop-who-chose', { fullPage: true });
      await expectNoAxeViolations(home, "the homeowner's shop with who chose");
    });

    // The contractor orders from the choices: her activity lists each one with its chooser.
    await page.goto(`/proposal/${id}/`);
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity).toContainText(`Kitchen faucet: ${faucets[0]} chosen by Hana Ng`);
    await expect(activity).toContainText(`Refrigerator: ${fridges[0]} chosen by ${designerName}`);
    await reviewShot(page, 'owner-activity-chosen');
  },
);
