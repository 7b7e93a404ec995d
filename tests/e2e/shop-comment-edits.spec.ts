import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, receivedByHomeowner, toChoose } from './support/proposals';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';

/*
 * Decision 0095: a comment's author edits it in place (Save, Cancel, Escape) and deletes it after
 * a confirmation that holds the keyboard; the proposal's owner deletes anyone's; an edit from a
 * second tab that showed the older text is refused, not saved over the newer one.
 */

const createPorch = (page: Page) =>
  createdProposal(page.request, {
    projectName: 'Cedar Porch',
    companyName: 'Cedar Builders',
    name: 'Cass Cedar',
    costGroups: [{ name: 'Porch', values: [toChoose('Ceiling fan', '420')] }],
  });

const box = (item: Locator) => item.getByLabel('Add a comment');
const editBox = (item: Locator) => item.getByLabel('Edit your comment');
const listed = (item: Locator, text: string) =>
  item.getByRole('listitem').filter({ hasText: text });

async function postComment(item: Locator, text: string) {
  await box(item).fill(text);
  await item.getByRole('button', { name: 'Post comment' }).click();
  await expect(listed(item, text)).toBeVisible();
}

const LONG = `${'The fan should match the porch light. '.repeat(14)}See https://example.com/fans for the range.`;

test(
  'the author edits a comment in place and deletes it after a question, by keyboard',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('edit-pro'), 'Cass Cedar');
    const id = await createPorch(page);
    await page.goto(`/proposal/${id}/selections/`);
    const fan = await openItem(shopItem(page, 'Ceiling fan'));
    await postComment(fan, 'Can it be on a wall switch?');
    const comment = listed(fan, 'wall switch');

    // Edit, then Escape: nothing changes and the keyboard is back on Edit.
    const edit = comment.getByRole('button', { name: 'Edit your comment' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(editBox(fan)).toBeFocused();
    await expect(editBox(fan)).toHaveValue('Can it be on a wall switch?');
    await page.keyboard.type(' Or a remote.');
    await page.keyboard.press('Escape');
    await expect(editBox(fan)).toHaveCount(0);
    await expect(edit).toBeFocused();
    await expect(comment).toContainText('Can it be on a wall switch?');
    await expect(comment).not.toContainText('(edited)');

    // Cancel does the same; an empty text cannot be saved.
    await page.keyboard.press('Enter');
    await editBox(fan).fill('   ');
    await expect(fan.getByRole('button', { name: 'Save' })).toBeDisabled();
    await fan.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeFocused();

    // Saved: the new text, folded and linked as any comment, marked edited with its time.
    await page.keyboard.press('Enter');
    await editBox(fan).fill(LONG);
    await expectNoAxeViolations(page, 'a comment being edited');
    await reviewShot(page, 'shop-comment-editing');
    await fan.getByRole('button', { name: 'Save' }).click();
    const edited = listed(fan, 'porch light');
    await expect(edited.getByText('(edited', { exact: false })).toHaveAttribute(
      'title',
      /^Edited \w{3} \d{1,2}, \d{4} /,
    );
    await expect(edited.getByRole('button', { name: 'Edit your comment' })).toBeFocused();
    await expect(edited.getByRole('link')).toHaveCount(0);
    await edited.getByRole('button', { name: 'Show more' }).click();
    await expect(edited.getByRole('link', { name: /example\.com\/fans/ })).toHaveAttribute(
      'href',
      'https://example.com/fans',
    );
    await expect(listed(fan, 'wall switch')).toHaveCount(0);
    await page.reload();
    const again = await openItem(shopItem(page, 'Ceiling fan'));
    await expect(listed(again, 'porch light')).toContainText('(edited');
    await expectNoAxeViolations(page, 'an edited comment');

    // Delete: a question that holds the keyboard; Escape keeps the comment and returns focus.
    await postComment(again, 'Second thought, never mind.');
    const second = listed(again, 'Second thought');
    const remove = second.getByRole('button', { name: 'Delete your comment' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await expect(dialog).toContainText('Second thought, never mind.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page, 'the question before deleting a comment');
    await reviewShot(page, 'shop-comment-delete-question');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(listed(again, 'Second thought')).toHaveCount(0);
    await expect(box(again)).toBeFocused();
    await expect(listed(again, 'porch light')).toBeVisible();
    await page.reload();
    const after = await openItem(shopItem(page, 'Ceiling fan'));
    await expect(listed(after, 'porch light')).toBeVisible();
    await expect(listed(after, 'Second thought')).toHaveCount(0);
  },
);

test(
  'an edit from a second tab that showed the older text is refused, and can be made again',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('edit-tabs'), 'Cass Cedar');
    const id = await createPorch(page);
    await page.goto(`/proposal/${id}/selections/`);
    const fan = await openItem(shopItem(page, 'Ceiling fan'));
    await postComment(fan, 'Brushed nickel?');

    const other = await page.context().newPage();
    await other.goto(`/proposal/${id}/selections/`);
    const otherFan = await openItem(shopItem(other, 'Ceiling fan'));
    await listed(otherFan, 'Brushed nickel?').getByRole('button', { name: 'Edit' }).click();
    await editBox(otherFan).fill('Oil-rubbed bronze?');

    await listed(fan, 'Brushed nickel?').getByRole('button', { name: 'Edit' }).click();
    await editBox(fan).fill('Matte black?');
    await fan.getByRole('button', { name: 'Save' }).click();
    await expect(listed(fan, 'Matte black?')).toContainText('(edited');

    await otherFan.getByRole('button', { name: 'Save' }).click();
    await expect(otherFan.getByRole('alert')).toHaveText(
      /changed in another window while you were editing/,
    );
    await expect(editBox(otherFan)).toHaveValue('Oil-rubbed bronze?');
    await expect(editBox(otherFan)).toBeFocused();
    await expectNoAxeViolations(other, 'an edit refused as stale');
    await reviewShot(other, 'shop-comment-edit-conflict');
    // Saved again, knowingly, over the text it now shows.
    await otherFan.getByRole('button', { name: 'Save' }).click();
    await expect(listed(otherFan, 'Oil-rubbed bronze?')).toContainText('(edited');
    await other.close();
  },
);

test(
  'the owner deletes the homeowner’s comment but cannot edit it',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    await signUp(uniqueEmail('edit-owner'), 'Cass Cedar');
    const id = await createPorch(page);
    await receivedByHomeowner(
      { browser, mailbox, page },
      id,
      { email: uniqueEmail('edit-home'), name: 'Hale Home' },
      async (home) => {
        await home.goto(`/proposal/received/${id}/selections/`);
        const fan = await openItem(shopItem(home, 'Ceiling fan'));
        await postComment(fan, 'Spam spam spam');
        await expect(
          listed(fan, 'Spam').getByRole('button', { name: 'Edit your comment' }),
        ).toBeVisible();
      },
    );
    await page.goto(`/proposal/${id}/selections/`);
    const fan = await openItem(shopItem(page, 'Ceiling fan'));
    const spam = listed(fan, 'Spam spam spam');
    await expect(spam.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await spam.getByRole('button', { name: 'Delete the comment by Hale Home' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(listed(fan, 'Spam spam spam')).toHaveCount(0);
    await expect(fan.getByText('No comments yet.')).toBeVisible();
    await expectNoAxeViolations(page, 'after the owner deleted a comment');
    await reviewShot(page, 'shop-comment-moderated');
  },
);
