import { itemAnchor } from '../../src/shared/domain/selections';
import { expect, test, uniqueEmail } from './support/fixtures';

/*
 * Decision 0066: the shop page asks for its route's scripts and its selections at once, the app
 * takes the preloaded selections instead of asking again, and a long page paints its first
 * screen's groups first, the rest following a screen at a time.
 */

const GROUPS = 8;
const ITEMS = 6;

test(
  "the shop page preloads its selections, reads them once and lists every group's items",
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const created = await page.request.post('/api/proposal', {
      data: {
        projectName: 'Cedar Kitchen',
        companyName: 'Pro Builders',
        costGroups: Array.from({ length: GROUPS }, (_, g) => ({
          name: `Room ${g + 1}`,
          values: Array.from({ length: ITEMS }, (_, i) => ({
            name: `Fixture ${g + 1}.${i + 1}`,
            selection: true,
          })),
        })),
      },
    });
    expect(created.status()).toBe(201);
    const id = await created.text();

    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/proposal/${id}/selections`)
        reads.push(request.url());
    });
    const response = await page.goto(`/proposal/${id}/selections/`);
    expect(response?.headers()['link']).toBe(
      `</api/proposal/${id}/selections>; rel=preload; as=fetch; crossorigin`,
    );
    expect(await response?.text()).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/shop-page-[^"]+\.js">/,
    );

    await expect(page.getByRole('heading', { level: 1, name: 'Cedar Kitchen' })).toBeVisible();
    // Every group follows the first screen's, in order, each with its items.
    const groups = page.getByRole('heading', { level: 2, name: /^Room \d+/ });
    await expect(groups).toHaveCount(GROUPS);
    await expect(groups.last()).toHaveAccessibleName(new RegExp(`^Room ${GROUPS}`));
    await expect(page.getByRole('article')).toHaveCount(GROUPS * ITEMS);
    expect(reads).toHaveLength(1);
  },
);

test("an item's address in the last group opens that item on a long shop page", async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const created = await page.request.post('/api/proposal', {
    data: {
      projectName: 'Cedar Kitchen',
      companyName: 'Pro Builders',
      costGroups: Array.from({ length: GROUPS }, (_, g) => ({
        name: `Room ${g + 1}`,
        values: Array.from({ length: ITEMS }, (_, i) => ({
          name: `Fixture ${g + 1}.${i + 1}`,
          selection: true,
        })),
      })),
    },
  });
  const id = await created.text();
  const selections = await page.request.get(`/api/proposal/${id}/selections`);
  const { groups } = (await selections.json()) as {
    groups: { items: { id: string; name: string }[] }[];
  };
  const last = groups.at(-1)!.items.at(-1)!;
  expect(last.name).toBe(`Fixture ${GROUPS}.${ITEMS}`);

  await page.goto(`/proposal/${id}/selections/#${itemAnchor(last.id)}`);
  const heading = page.getByRole('heading', { name: last.name, exact: true });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});
