import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, toChoose } from './support/proposals';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';

/*
 * An item's note on the shop page reads as a comment does (decision 0095, Left of review 27
 * finding 8): http(s) addresses are links to a new tab and a long note folds behind 'Show more';
 * 'Edit note' still edits the whole text.
 */

const createPorch = (page: Page) =>
  createdProposal(page.request, {
    projectName: 'Cedar Porch',
    companyName: 'Cedar Builders',
    name: 'Cass Cedar',
    costGroups: [{ name: 'Porch', values: [toChoose('Ceiling fan', '420')] }],
  });

const SENTENCE = 'Pick a fan rated for damp locations, with a downrod for the sloped ceiling. ';
const NOTE = `Range: https://example.com/porch-fans.\n\n${SENTENCE.repeat(8).trim()}\n\nLast line: budget is firm.`;

test(
  'an item note links its addresses and folds when long, as comments do',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('note-links'), 'Cass Cedar');
    const id = await createPorch(page);
    const read = await page.request.get(`/api/proposal/${id}/selections`);
    const itemId = ((await read.json()) as { groups: { items: { id: string }[] }[] }).groups[0]!
      .items[0]!.id;
    const saved = await page.request.put(`/api/proposal/${id}/items/${itemId}/note`, {
      data: { note: NOTE, expected: '' },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await page.goto(`/proposal/${id}/selections/`);
    const fan = await openItem(shopItem(page, 'Ceiling fan'));
    const note = fan.getByRole('region', { name: 'Note for Ceiling fan' });
    const link = note.getByRole('link', { name: /example\.com\/porch-fans/ });
    await expect(link).toHaveAttribute('href', 'https://example.com/porch-fans');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(note).not.toContainText('Last line: budget is firm.');
    const more = note.getByRole('button', { name: 'Show more' });
    await expectNoAxeViolations(page, 'a long item note, folded');
    await more.scrollIntoViewIfNeeded();
    await reviewShot(page, 'shop-note-folded');

    await more.click();
    await expect(note).toContainText('Last line: budget is firm.');
    await expect(note.getByRole('button', { name: 'Show less' })).toBeFocused();

    await note.getByRole('button', { name: 'Edit note' }).click();
    await expect(note.getByRole('textbox', { name: 'Note' })).toHaveValue(NOTE);
  },
);
