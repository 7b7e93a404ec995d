import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { createdProposal, receivedByHomeowner } from './support/proposals';
import { takenOver } from './support/takeover';

/*
 * Issue 19 "Clear actions" and the mobile viewer (decision 0023): the action bar keeps one row on a
 * phone with the rest in 'More', 'Send Proposal' says it copies, the blocked 'Sign' looks blocked
 * and says why on focus and on click, the phone's section menu is one compact bar, and the send
 * route sends a signed-in homeowner to /signin/.
 */

const COPY_HINT = 'Copy into a new proposal';
/** Its spec text and the explanation it shows under it. */
const COPY_NAME = `Send Proposal ${COPY_HINT}`;
const SIGN_REASON = 'You can sign once the proposal has been sent to the homeowner.';
/** Below this width the bar is the phone's (bp-mobile, docs/product/constants.md). */
const PHONE = 770;
/**
 * At 375 px the homeowner's sheet (the cover) starts at most this far from the top: the 70 px
 * header, the 52 px tab bar and the 44 px compact menu with its margins (191 px measured; it was
 * about 286 px with the menu stacked above the sheet).
 */
const COVER_TOP_MAX = 200;

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < PHONE;
const actionBar = (page: Page) => page.getByRole('region', { name: 'Proposal actions' });

/** The bar is one row: every item shown sits on the same line, and nothing overflows sideways. */
async function expectOneRow(bar: Locator) {
  const tops = await bar
    .locator('li')
    .evaluateAll((items) =>
      items
        .filter((item) => getComputedStyle(item).display !== 'none')
        .map((item) => Math.round(item.getBoundingClientRect().top)),
    );
  expect(tops.length).toBeGreaterThan(0);
  expect(new Set(tops).size, `item tops ${tops.join(', ')}`).toBe(1);
  const list = bar.getByRole('list');
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** WCAG contrast of an element's text colour on its (opaque) background. */
async function contrastOf(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (value: string) => {
      const [r = 0, g = 0, b = 0] = rgb(value).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(el);
    if (Number(style.opacity) !== 1) return 0;
    const [light = 0, dark = 0] = [luminance(style.color), luminance(style.backgroundColor)].sort(
      (x, y) => y - x,
    );
    return (light + 0.05) / (dark + 0.05);
  });
}

/** 'Send Proposal', in the row on a wide screen or in 'More' on a phone: named, explained. */
async function expectSendProposalExplained(page: Page) {
  const bar = actionBar(page);
  if (!isPhone(page)) {
    const copy = bar.getByRole('button', { name: COPY_NAME, exact: true });
    await expect(copy).toBeVisible();
    await expect(copy.getByText(COPY_HINT)).toBeVisible();
    return;
  }
  await expect(bar.getByRole('button', { name: 'Send Proposal' })).toBeHidden();
  await takenOver(page);
  const more = bar.getByRole('button', { name: 'More' });
  // From the keyboard: Enter opens the menu on its first item, Escape gives focus back.
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  const copy = menu.getByRole('menuitem', { name: COPY_NAME, exact: true });
  await expect(copy.getByText(COPY_HINT)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'PDF' })).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expectNoAxeViolations(page, 'the More menu');
  await reviewShot(page, 'viewer-more-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
}

test(
  'the contractor’s bar keeps one row, explains Send Proposal and says why Sign is blocked',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Cedar Kitchen',
      projectAddress: '12 Maple Ave, Springfield, IL 62701',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
      contract: 'The work is done in a workmanlike manner.',
      costGroups: [
        { name: 'Kitchen', values: [{ name: 'Island', rawCost: '4200', costType: '3' }] },
      ],
    });

    await page.goto(`/proposal/${id}/`);
    const bar = actionBar(page);
    const send = bar.getByRole('button', { name: 'Send', exact: true });
    const sign = bar.getByRole('button', { name: 'Sign', exact: true });
    await expect(send).toBeVisible();
    await expect(sign).toBeVisible();
    await expectOneRow(bar);
    await expect(bar.getByRole('button', { name: 'PDF' })).toBeVisible({ visible: !isPhone(page) });
    await expectNoAxeViolations(page, 'the contractor’s viewer before sending');
    await reviewShot(page, 'viewer-actions-contractor');

    // Blocked, and it looks it in readable ink; the reason is its description.
    await expect(sign).toHaveAttribute('aria-disabled', 'true');
    await expect(sign).toHaveAccessibleDescription(SIGN_REASON);
    expect(await contrastOf(sign)).toBeGreaterThanOrEqual(4.5);

    // On focus (from the keyboard) the reason shows.
    await send.focus();
    await page.keyboard.press('Tab');
    await expect(sign).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(SIGN_REASON);
    await expectNoAxeViolations(page, 'the blocked Sign with its reason');
    await reviewShot(page, 'sign-blocked-reason');

    // On click the spec's alert says why, and nothing else happens. (`force`: Playwright waits
    // for an aria-disabled button to become enabled; a person can click it all the same.)
    await sign.click({ force: true });
    const alert = page.getByRole('alertdialog', {
      name: 'Before signing proposal - share it with the homeowner.',
    });
    await expect(alert).toBeVisible();
    await reviewShot(page, 'sign-blocked-alert');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));

    await expectSendProposalExplained(page);

    // The phone's section menu is one compact bar: 'Sections' opens the anchors, the back link beside it.
    const sections = page.getByRole('navigation', { name: 'Proposal sections' });
    await expect(sections.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
    if (isPhone(page)) {
      const picker = sections.getByRole('button', { name: 'Sections' });
      expect((await sections.boundingBox())?.height ?? 0).toBeLessThanOrEqual(48);
      await expect(sections.getByRole('link', { name: 'Plan' })).toBeHidden();
      await picker.click();
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      await expect(sections.getByText('Cedar Kitchen')).toBeVisible();
      await expectNoAxeViolations(page, 'the open section menu');
      // From the keyboard: Escape in the panel closes it and gives focus back to 'Sections'.
      await sections.getByRole('link', { name: 'Plan' }).focus();
      await page.keyboard.press('Escape');
      await expect(picker).toHaveAttribute('aria-expanded', 'false');
      await expect(picker).toBeFocused();
      await picker.press('Enter');
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      await sections.getByRole('link', { name: 'Plan' }).click();
      await expect(page).toHaveURL(/#plan$/);
      await expect(picker).toHaveAttribute('aria-expanded', 'false');
      await page.evaluate(() => window.scrollTo(0, 0));
    } else {
      await expect(sections.getByRole('button', { name: 'Sections' })).toBeHidden();
      await expect(sections.getByRole('link', { name: 'Plan' })).toBeVisible();
    }
    await reviewShot(page, 'viewer-top-contractor');

    // The send page, then after sending: Sign is a plain action; the sent date stays in reach.
    await send.click();
    await expect(page).toHaveURL(new RegExp(`/proposal/send/${id}/$`));
    await expect(page.getByRole('button', { name: 'Send to Homeowner' })).toBeVisible();
    await expectNoAxeViolations(page, 'the send page');
    await page.getByLabel('Client email').fill(uniqueEmail('home'));
    await page.getByLabel('Client name').fill('Harper Home');
    await page.getByRole('button', { name: 'Send to Homeowner' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign as Contractor' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));

    await expect(sign).toBeVisible();
    await expect(sign).not.toHaveAttribute('aria-disabled');
    await expectOneRow(bar);
    if (isPhone(page)) {
      await bar.getByRole('button', { name: 'More' }).click();
      await expect(page.getByRole('menu').getByText(/^Sent on /)).toBeVisible();
      await expectNoAxeViolations(page, 'the More menu after sending');
      await page.keyboard.press('Escape');
    } else {
      await expect(bar.getByRole('button', { name: /^Sent on / })).toBeDisabled();
    }
    await expectNoAxeViolations(page, 'the contractor’s viewer after sending');
    await reviewShot(page, 'viewer-actions-sent');
  },
);

test(
  'the homeowner’s viewer starts high, keeps one row, and the send route sends them to /signin/',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Cedar Kitchen',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
      contract: 'The work is done in a workmanlike manner.',
    });
    const homeownerEmail = uniqueEmail('home');
    await receivedByHomeowner(
      { browser, mailbox, page },
      id,
      { email: homeownerEmail, name: 'Harper Home' },
      async (home) => {
        const bar = actionBar(home);
        await expect(bar.getByRole('button', { name: 'Sign', exact: true })).toBeVisible();
        await expectOneRow(bar);
        await expectSendProposalExplained(home);

        const sheet = home.getByRole('article');
        await expect(sheet.getByRole('heading', { name: 'Cedar Kitchen' })).toBeVisible();
        const top = (await sheet.boundingBox())?.y ?? Infinity;
        await reviewShot(home, 'viewer-top-homeowner');
        if (isPhone(home)) expect(top).toBeLessThanOrEqual(COVER_TOP_MAX);
        await expectNoAxeViolations(home, 'the homeowner’s viewer');

        // docs/product/roles.md: the send route redirects other roles to /signin (not the dashboard).
        await home.goto(`/proposal/send/${id}/`);
        await expect(home).toHaveURL(
          `/signin/?redirect=${encodeURIComponent(`/proposal/send/${id}/`)}`,
        );
        await expect(home.getByRole('heading', { name: 'Log in to Plansmith' })).toBeVisible();
        await expect(
          home.getByRole('status').filter({ hasText: 'You are logged in as' }),
        ).toContainText(`You are logged in as ${homeownerEmail.toLowerCase()}.`);
        await expect(home.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
        await expectNoAxeViolations(home, 'the send route for a homeowner');
        await reviewShot(home, 'send-route-homeowner');

        // /signin/ opened by itself still sends a signed-in user to the dashboard.
        await home.goto('/signin/');
        await expect(home).toHaveURL(/\/dashboard\/$/);
      },
    );
  },
);
