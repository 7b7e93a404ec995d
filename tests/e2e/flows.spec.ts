import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Proposal } from '../../src/shared/schemas/proposal';
import { runCli } from './support/cli';
import { expect, linkFrom, test, uniqueEmail } from './support/fixtures';
import { openedFromMail } from './support/contexts';
import { receivedByHomeowner } from './support/proposals';
import { reviewShot } from './support/review-shot';
import { takenOver } from './support/takeover';

/*
 * Issue 10, flows: 'Send Proposal' for everyone (docs/product/sending.md) with the create-while-logged-out pages
 * (docs/product/sending.md /proposal/signup|sent/{id}), the claim that asks before adding a proposal to an account,
 * and the old-link page saying only what happened.
 */

const project = {
  projectName: 'Maple Kitchen',
  projectAddress: '12 Maple Ave, Springfield, IL 62701',
  projectScope: 'Open the wall between kitchen and dining room.',
  companyName: 'First Builders',
  name: 'Frankie First',
  contract: 'The work is done in a workmanlike manner.',
  costGroups: [{ name: 'Kitchen', values: [{ name: 'Island', rawCost: '4200', costType: '3' }] }],
};

/** A proposal of the page's signed-in contractor; answers its id. */
async function createOriginal(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/proposal', { data: project });
  expect(created.status(), await created.text()).toBe(201);
  return created.text();
}

const actionBar = (page: Page) => page.getByRole('region', { name: 'Proposal actions' });
const newIdFrom = (page: Page, kind: string) =>
  new RegExp(`/proposal/${kind}/([0-9a-f-]{36})/`).exec(page.url())?.[1] ?? '';

/**
 * 'Send Proposal' on the viewer (in the action bar, or on a phone in its 'More' menu when the bar
 * has one: decision 0023), then the create wizard shows the copy; creates it.
 */
async function sendProposalCopy(page: Page) {
  await takenOver(page);
  const more = actionBar(page).getByRole('button', { name: 'More' });
  const inRow = actionBar(page).getByRole('button', { name: /^Send Proposal/ });
  // The bar renders with the proposal: decide only once one of the two is on screen.
  await expect(more.or(inRow).filter({ visible: true }).first()).toBeVisible();
  if (await more.isVisible()) {
    await more.click();
    await page.getByRole('menuitem', { name: /^Send Proposal/ }).click();
  } else {
    await inRow.click();
  }
  await expect(page).toHaveURL(/\/create\/$/);
  await expect(page.getByRole('heading', { name: 'Create a Proposal' })).toBeVisible();
  await page.getByRole('button', { name: "Let's go!" }).click();
  // The copy keeps the project (issue 10), the plan and the contract.
  await expect(page.getByLabel('Project name')).toHaveValue(project.projectName);
  await expect(page.getByLabel('Project address')).toHaveValue(project.projectAddress);
  await expect(
    page.getByRole('region', { name: 'Kitchen' }).getByLabel('Item name').first(),
  ).toHaveValue('Island');
  await page.getByRole('button', { name: 'Create Proposal' }).click();
}

async function readAs(page: Page, id: string): Promise<Proposal> {
  const res = await page.request.get(`/api/proposal/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Proposal;
}

/** The contractor opens the e-mailed link in a browser of their own and adds the proposal. */
async function contractorAddsIt(browser: Browser, link: string, id: string) {
  const context = await browser.newContext();
  try {
    const pro = await context.newPage();
    await pro.goto(link);
    await expect(pro.getByRole('heading', { name: 'A proposal is waiting' })).toBeVisible();
    await expect(pro.getByText(project.projectName)).toBeVisible();
    await pro.getByRole('button', { name: 'Add to my account' }).click();
    await expect(pro).toHaveURL(new RegExp(`/proposal/${id}/$`));
    const copy = await readAs(pro, id);
    expect(copy.access.role).toBe('owner');
    expect([copy.projectName, copy.projectScope]).toEqual([
      project.projectName,
      project.projectScope,
    ]);
  } finally {
    await context.close();
  }
}

test('a contractor reading someone else’s public proposal sends a copy of their own', async ({
  page,
  signUp,
}) => {
  const ownerEmail = uniqueEmail('first');
  await signUp(ownerEmail, 'Frankie First');
  expect(await runCli('grant-reassign', ownerEmail)).toContain('granted');
  const id = await createOriginal(page.request);
  expect((await page.request.post('/api/proposal/toggleVisibility', { data: { id } })).ok()).toBe(
    true,
  );

  // This page now signs in as another contractor, who reads the public proposal.
  await signUp(uniqueEmail('reader-pro'), 'Rory Reader');
  await page.goto(`/proposal/${id}/`);
  await sendProposalCopy(page);
  await expect(page).toHaveURL(/\/proposal\/[0-9a-f-]{36}\/$/);
  const copyId = /\/proposal\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
  expect(copyId).not.toBe(id);
  expect((await readAs(page, copyId)).access.role).toBe('owner');
});

test(
  'a logged-out reader of a public proposal sends a copy and confirms their e-mail',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    const ownerEmail = uniqueEmail('public-owner');
    await signUp(ownerEmail, 'Frankie First');
    expect(await runCli('grant-reassign', ownerEmail)).toContain('granted');
    const id = await createOriginal(page.request);
    expect((await page.request.post('/api/proposal/toggleVisibility', { data: { id } })).ok()).toBe(
      true,
    );

    const context = await browser.newContext();
    try {
      const reader = await context.newPage();
      await reader.goto(`/proposal/${id}/`);
      await sendProposalCopy(reader);
      await expect(reader).toHaveURL(/\/proposal\/signup\/[0-9a-f-]{36}\/$/);
      await expect(
        reader.getByRole('heading', { name: 'Proposal Created: Sign Up' }),
      ).toBeVisible();
      const copyId = newIdFrom(reader, 'signup');
      const email = uniqueEmail('reader');
      await reader.getByLabel('Email', { exact: true }).fill(email);
      await reader.getByLabel('Name', { exact: true }).fill('Reese Reader');
      const since = Date.now();
      await reader.getByRole('button', { name: 'View Proposal' }).click();

      // docs/product/sending.md: the page is replaced by /proposal/sent/{id}/, 'Check your email', no Continue.
      await expect(reader).toHaveURL(new RegExp(`/proposal/sent/${copyId}/$`));
      await expect(reader.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      await expect(reader.getByText(`We sent a login link to ${email}.`)).toBeVisible();
      await expect(reader.getByRole('button', { name: 'Continue' })).toHaveCount(0);
      await reader.goBack();
      await expect(reader).not.toHaveURL(/\/proposal\/signup\//);

      // The link, opened in the browser that created the copy, claims it at once.
      const mail = await mailbox.waitFor(email, { since });
      expect(mail.subject).toBe('A proposal is waiting for you on Plansmith');
      await reader.goto(linkFrom(mail));
      await expect(reader).toHaveURL(new RegExp(`/proposal/${copyId}/$`));
      expect((await readAs(reader, copyId)).access.role).toBe('owner');
    } finally {
      await context.close();
    }
  },
);

test(
  'a homeowner sends a copy to another contractor, who adds it to their account',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    await signUp(uniqueEmail('first-pro'), 'Frankie First');
    const id = await createOriginal(page.request);
    const homeownerEmail = uniqueEmail('owner-home');
    await receivedByHomeowner(
      { browser, mailbox, page },
      id,
      { email: homeownerEmail, name: 'Hollis Home' },
      async (home) => {
        await sendProposalCopy(home);

        // A homeowner names the contractor the copy goes to (decision 0010).
        await expect(home).toHaveURL(/\/proposal\/signup\/[0-9a-f-]{36}\/$/);
        await expect(home.getByRole('heading', { name: 'Send Proposal' })).toBeVisible();
        const copyId = newIdFrom(home, 'signup');
        const proEmail = uniqueEmail('second-pro');
        await home.getByLabel("Contractor's email").fill(proEmail);
        await home.getByLabel("Contractor's name").fill('Sam Second');
        const asked = Date.now();
        await home.getByRole('button', { name: 'Send Proposal' }).click();

        await expect(home).toHaveURL(new RegExp(`/proposal/sent/${copyId}/$`));
        await expect(home.getByRole('heading', { name: 'Proposal Sent' })).toBeVisible();
        await expect(home.getByText(`We sent the proposal to ${proEmail}.`)).toBeVisible();
        await home.getByRole('button', { name: 'Continue' }).click();
        await expect(home).toHaveURL(/\/dashboard\/$/);

        const mail = await mailbox.waitFor(proEmail, { since: asked });
        // Her account has no name of its own: 'Hollis Home' was the first proposal's sender's
        // name for her, not one for every contractor to see (decision 0087).
        expect(mail.text).toContain(`A homeowner (${homeownerEmail}) sent it to you`);
        await contractorAddsIt(browser, linkFrom(mail), copyId);
      },
    );
  },
);

test('a designer sends a copy to a contractor who already has an account', async ({
  page,
  browser,
  signUp,
  signUpIn,
  mailbox,
}) => {
  // The contractor the copy will go to already has an account (their sign-up's link opened).
  const proEmail = uniqueEmail('known-pro');
  const proContext = await browser.newContext();
  try {
    await signUpIn(await proContext.newPage(), proEmail, 'Kit Known');
  } finally {
    await proContext.close();
  }

  await signUp(uniqueEmail('designer-owner'), 'Frankie First');
  const id = await createOriginal(page.request);
  const designerEmail = uniqueEmail('designer');
  const since = Date.now();
  const invited = await page.request.post(`/api/proposal/${id}/invite`, {
    data: { inviteeEmail: designerEmail },
  });
  expect(invited.ok(), await invited.text()).toBe(true);

  await openedFromMail(browser, mailbox, { to: designerEmail, since }, async (designer) => {
    await expect(
      designer.getByRole('heading', { name: project.projectName }).first(),
    ).toBeVisible();
    await sendProposalCopy(designer);
    await expect(designer.getByRole('heading', { name: 'Send Proposal' })).toBeVisible();
    const copyId = newIdFrom(designer, 'signup');
    await designer.getByLabel("Contractor's email").fill(proEmail);
    await designer.getByLabel("Contractor's name").fill('Kit Known');
    const asked = Date.now();
    await designer.getByRole('button', { name: 'Send Proposal' }).click();
    await expect(designer.getByRole('heading', { name: 'Proposal Sent' })).toBeVisible();
    const mail = await mailbox.waitFor(proEmail, { since: asked });
    expect(mail.subject).toBe('A proposal is waiting for you on Plansmith');
    await contractorAddsIt(browser, linkFrom(mail), copyId);
  });
});

test(
  'the old-link page says no e-mail was sent for a sign-in link or an unknown one',
  { tag: '@mobile' },
  async ({ page, signUp, mailbox }) => {
    const email = uniqueEmail('old-link');
    await signUp(email, 'Olive Old');
    await page.context().clearCookies();
    const since = Date.now();
    const res = await page.request.post('/api/authorization/signin', { data: { email } });
    expect(res.ok()).toBe(true);
    const link = linkFrom(await mailbox.waitFor(email, { since }));
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await page.context().clearCookies();

    for (const target of [link, '/signin/' + 'A'.repeat(43) + '/']) {
      await page.goto(target);
      await expect(page.getByRole('heading', { name: 'Trying to login?' })).toBeVisible();
      await expect(
        page.getByText('It looks like you may be trying to login with an old link.'),
      ).toBeVisible();
      // Pressed from the keyboard: the answer takes the button's place, and the keyboard's.
      await page.getByRole('button', { name: 'Request a new link to login' }).focus();
      await page.keyboard.press('Enter');
      const answer = page.getByText("This link can't be renewed, so no email was sent.");
      await expect(answer).toBeFocused();
      // Its focus ring stands clear of the text: padding inside it and an offset outside.
      const ring = await answer.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          outline: style.outlineStyle,
          clearance: parseFloat(style.outlineOffset) + parseFloat(style.paddingLeft),
          above: parseFloat(style.outlineOffset) + parseFloat(style.paddingTop),
        };
      });
      expect(ring.outline).toBe('solid');
      expect(ring.clearance).toBeGreaterThanOrEqual(8);
      expect(ring.above).toBeGreaterThanOrEqual(6);
      await reviewShot(page, 'old-link-answer-focused');
      await expect(page.getByText("We've e-mailed you a new link")).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    }
  },
);

test('/success/ says a login link was sent; Continue shows only to a signed-in user', async ({
  page,
  signUp,
  login,
}) => {
  const email = uniqueEmail('success');
  await signUp(email, 'Sol Success');
  await page.context().clearCookies();
  await page.goto('/signin/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/success\/$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a login link to ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);

  await login(page, email);
  await page.goto('/success/');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/$/);
});
