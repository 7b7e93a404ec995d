import { expect, type Locator, type Page } from '@playwright/test';

/** A selection item's card on the shop page, by the item's name. */
export const shopItem = (page: Page, name: string) =>
  page.getByRole('article', { name, exact: true });

/** The button in a card's heading that opens and closes the item's board. */
export const itemToggle = (card: Locator) =>
  card.getByRole('heading', { level: 3 }).getByRole('button');

/** Opens a closed item's board (options, add controls, suggestions, note, comments). */
export async function openItem(card: Locator): Promise<Locator> {
  // The first screen may be the server's copy, which the app takes over in place: a click on the
  // copy's button as it is swapped opens nothing, so the test presses once the app has it.
  await expect(card.page().locator('[data-server-rendered]')).toHaveCount(0);
  const toggle = itemToggle(card);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return card;
}
