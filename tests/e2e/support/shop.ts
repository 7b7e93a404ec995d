import { expect, type Locator, type Page } from '@playwright/test';
import { takenOver } from './takeover';

/** A selection item's card on the shop page, by the item's name. */
export const shopItem = (page: Page, name: string) =>
  page.getByRole('article', { name, exact: true });

/** The button in a card's heading that opens and closes the item's board. */
export const itemToggle = (card: Locator) =>
  card.getByRole('heading', { level: 3 }).getByRole('button');

/** Opens a closed item's board (options, add controls, suggestions, note, comments). */
export async function openItem(card: Locator): Promise<Locator> {
  await takenOver(card.page());
  const toggle = itemToggle(card);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return card;
}
