import type { Browser, Locator, Page } from '@playwright/test';
import { findMail, readMailDir } from '../support/smtp-mailbox';
import { expectNoAxeViolations } from './support/axe';
import { runCli } from './support/cli';
import { expect, linkFrom, test, tokenFrom, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';
import { signAs } from './support/signature-pad';

/*
 * Issue 19: axe on every screen of docs/product/routes.md, as a person reaches it, at 1280 and
 * 375 px (every test is @mobile): 0 violations of any impact. Each dialog the spec opens is also
 * checked from the keyboard: Tab and Shift+Tab stay inside it, and closing it gives focus back.
 *
 * Left out: /logout/ only signs out and moves on; /proposal/{id}/edit/ is the edit wizard's other
 * path. The shop page's own spec (shop-board.spec.ts) also checks its filters and open boards.
 */

const awkward = /Well that.s awkward\./;

/** Tab and Shift+Tab wrap around inside `dialog`: focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const tabbable = dialog.locator(
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex="0"]',
  );
  const first = tabbable.first();
  const last = tabbable.last();
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(last).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
}

/** Escape closes `dialog` and focus goes back to `opener`. */
async function expectClosesTo(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

// ---- accounts and proposals, made once per worker and width through the API -------------------

async function waitForLink(email: string, since: number): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  let link = '';
  await expect
    .poll(
      () => {
        const mail = findMail(readMailDir(dir), email, { since });
        link = mail ? linkFrom(mail) : '';
        return link;
      },
      { message: `an e-mail to ${email}`, timeout: 30_000 },
    )
    .not.toBe('');
  return link;
}

/** A browser context signed in as a new contractor, through the API and the e-mailed link. */
async function contractorContext(browser: Browser, email: string, name: string) {
  const context = await browser.newContext();
  const since = Date.now();
  const signup = await context.request.post('/api/authorization/signup', {
    data: { email, name, phoneNumber: '', companyName: '', role: 'contractor' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const link = await waitForLink(email, since);
  const verified = await context.request.post('/api/authorization/verify/', {
    data: { token: tokenFrom(link) },
  });
  expect(verified.status()).toBe(200);
  return { context, usedLink: link };
}

const proposalData = (projectName: string) => ({
  projectName,
  projectAddress: '12 Birch St, Springfield, IL 62701',
  projectScope: 'Open the wall between kitchen and dining room.',
  companyName: 'Access Builders',
  name: 'Ari Access',
  phoneNumber: '555-0100',
  contract: 'The work is done in a workmanlike manner.\nPayment is due on completion.',
  costGroups: [
    {
      name: 'Kitchen',
      values: [
        { name: 'Island', rawCost: '4200', costType: '3' },
        { name: 'Faucet', rawCost: '300', costType: '4', selection: true },
        { name: 'Pendant lights', rawCost: '450', costType: '4', selection: true },
        { name: 'Backsplash tile', rawCost: '', costType: '2' },
      ],
    },
  ],
});

interface World {
  contractorEmail: string;
  homeownerEmail: string;
  /** Sent to the homeowner, who has not signed. */
  sentId: string;
  /** Created, never sent. */
  draftId: string;
  /** Sent and signed by the homeowner. */
  signedId: string;
  /** The contractor's sign-up link, already used. */
  usedLink: string;
}

let world: World;

test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ browser }) => {
  const contractorEmail = uniqueEmail('a11y-pro');
  const homeownerEmail = uniqueEmail('a11y-home');
  const { context, usedLink } = await contractorContext(browser, contractorEmail, 'Ari Access');
  expect(await runCli('grant-reassign', contractorEmail)).toContain('granted');
  const create = async (name: string) => {
    const res = await context.request.post('/api/proposal', { data: proposalData(name) });
    expect(res.status(), await res.text()).toBe(201);
    return res.text();
  };
  const send = async (proposalId: string) => {
    const since = Date.now();
    const res = await context.request.post('/api/proposal/send', {
      data: { proposalId, to: homeownerEmail, homeownersName: 'Harper Home', message: 'Hi' },
    });
    expect(res.status(), await res.text()).toBe(200);
    return waitForLink(homeownerEmail, since);
  };
  const draftId = await create('Ash Porch');
  const sentId = await create('Birch Kitchen');
  const signedId = await create('Cedar Bath');
  await send(sentId);
  const signedLink = await send(signedId);
  await context.close();

  // The homeowner signs one proposal, as in the viewer.
  const homeContext = await browser.newContext();
  const home = await homeContext.newPage();
  await home.goto(signedLink);
  await expect(home).toHaveURL(new RegExp(`/proposal/received/${signedId}/$`));
  await signAs(home, 'Homeowner');
  await homeContext.close();

  world = { contractorEmail, homeownerEmail, sentId, draftId, signedId, usedLink };
});

// ---- public pages ---------------------------------------------------------------------------

test.describe('public pages', () => {
  test('landing for homeowners', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'landing');
    await reviewShot(page, 'landing');
  });

  test('landing for contractors', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/pros/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'pros');
  });

  test('FAQ', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/faq/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'faq');
  });

  test('sign-up form with its errors shown', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/signup/');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'sign-up');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Name', { exact: true }).fill('Sam Signup');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expectNoAxeViolations(page, 'sign-up with errors');
  });

  test('log-in form, then "Check your email"', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/signin/');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'log-in');
    await page.getByLabel('Email', { exact: true }).fill(world.contractorEmail);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expectNoAxeViolations(page, 'link sent');
  });

  test('a used and a malformed sign-in link', { tag: '@mobile' }, async ({ page }) => {
    await page.goto(world.usedLink);
    await expect(page.getByRole('heading', { name: 'Trying to login?' })).toBeVisible();
    await expectNoAxeViolations(page, 'used link');
    await page.goto('/signin/not-a-real-token/');
    await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
    await expectNoAxeViolations(page, 'bad link');
  });

  test('All Products', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/allProducts/');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Products/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'all products');
  });

  test('Private Project', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/private/');
    await expect(page.getByRole('heading', { name: 'Private Project' })).toBeVisible();
    await expectNoAxeViolations(page, 'private');
  });

  test('the error page and its feedback dialog', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/no-such-page/');
    await expect(page.getByText(awkward)).toBeVisible();
    await expectNoAxeViolations(page, '404');
    await page.goto('/error/');
    await expect(page.getByText(awkward)).toBeVisible();
    await expectNoAxeViolations(page, '/error/');

    const opener = page.getByRole('button', { name: /get in touch/i });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Tell us what happened' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'feedback dialog');
    await dialog.getByRole('button', { name: /send/i }).click();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await expectNoAxeViolations(page, 'feedback dialog with errors');
    await expectFocusTrapped(page, dialog);
    await expectClosesTo(page, dialog, opener);
  });

  test('the help panel and its contact form', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/faq/');
    const launcher = page.getByRole('button', { name: 'Help', exact: true });
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'How can we help?' });
    await expect(panel.getByRole('searchbox', { name: 'Search help' })).toBeFocused();
    await expectNoAxeViolations(page, 'help panel');
    await panel.getByRole('searchbox', { name: 'Search help' }).fill('password');
    await panel.getByRole('button', { name: 'Do I need a password?' }).click();
    await expect(panel.getByText(/Plansmith logs you in with a link/)).toBeVisible();
    await expectNoAxeViolations(page, 'help answer');
    await panel.getByRole('button', { name: 'Write to us' }).click();
    await expect(panel.getByLabel('Your e-mail')).toBeFocused();
    await panel.getByRole('button', { name: 'Send message' }).click();
    await expect(panel.getByText('Please write your question or message.')).toBeVisible();
    await expectNoAxeViolations(page, 'help contact form with errors');
    await expectFocusTrapped(page, panel);
    await expectClosesTo(page, panel, launcher);
  });

  test('the API reference', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: 'Plansmith API', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'api docs');
  });
});

// ---- creating a proposal logged out and claiming it ------------------------------------------

test.describe('create and claim', () => {
  test('the create wizard intro', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/create/');
    await expect(page.getByRole('heading', { name: 'Create a Proposal' })).toBeVisible();
    await expectNoAxeViolations(page, 'create intro');
  });

  test(
    'the create wizard with a Kitchen Module, and its discard dialog',
    {
      tag: '@mobile',
    },
    async ({ page }) => {
      await page.goto('/create/');
      await page.getByRole('button', { name: "Let's go!" }).click();
      await page.getByLabel('Project name').fill('Walnut Kitchen');
      await page.getByRole('button', { name: 'Add Cost Group' }).click();
      const groupName = page.getByLabel('Cost group name').last();
      await groupName.fill('Kitchen Module');
      await groupName.press('Tab');
      const kitchen = page.getByRole('region', { name: 'Kitchen Module' });
      await expect(kitchen.getByLabel('Item name').nth(5)).not.toHaveValue('');
      await expectNoAxeViolations(page, 'create wizard steps');

      const cancel = page.getByRole('button', { name: 'Cancel' });
      await cancel.click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByRole('button', { name: 'Discard' })).toBeVisible();
      await expectNoAxeViolations(page, 'discard dialog');
      await expectFocusTrapped(page, dialog);
      await expectClosesTo(page, dialog, cancel);
    },
  );

  test(
    '"Proposal Created: Sign Up" with its errors, then "Check your email"',
    {
      tag: '@mobile',
    },
    async ({ page }) => {
      await page.goto('/create/');
      await page.getByRole('button', { name: "Let's go!" }).click();
      await page.getByLabel('Project name').fill('Claimed Bath');
      await page.getByRole('button', { name: 'Create Proposal' }).click();
      await expect(page.getByRole('heading', { name: 'Proposal Created: Sign Up' })).toBeVisible();
      await expectNoAxeViolations(page, 'claim sign-up');
      const email = page.getByLabel('Email', { exact: true });
      await email.fill('not-an-address');
      await page.getByLabel('Name', { exact: true }).fill('Casey Claimer');
      await email.blur();
      await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
      await expectNoAxeViolations(page, 'claim sign-up with errors');
      // An address with an account: the way to log in with it takes the address along.
      await email.fill(world.contractorEmail);
      await page.getByRole('button', { name: 'View Proposal' }).click();
      const taken = page.getByRole('alert');
      await expect(taken).toContainText('Email is already associated with another account');
      await taken.getByRole('link', { name: 'Log in with this email instead' }).click();
      await expect(page.getByRole('heading', { name: 'Proposal Created: Log In' })).toBeVisible();
      const claimEmail = page.getByLabel('Email', { exact: true });
      await expect(claimEmail).toHaveValue(world.contractorEmail);
      await expectNoAxeViolations(page, 'claim log-in');
      // And back: what was typed for signing up is still there.
      await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Casey Claimer');
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(world.contractorEmail);
      await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Proposal Created: Log In' })).toBeVisible();
      await claimEmail.fill(uniqueEmail('nobody'));
      await page.getByRole('button', { name: 'View Proposal' }).click();
      await expect(page.getByRole('alert')).toContainText('User with this email was not found');
      await expectNoAxeViolations(page, 'claim log-in, unknown address');
      await claimEmail.fill(world.contractorEmail);
      await page.getByRole('button', { name: 'View Proposal' }).click();
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      await expectNoAxeViolations(page, 'proposal sent page');
    },
  );
});

// ---- the contractor ---------------------------------------------------------------------------

test.describe('contractor', () => {
  test('an empty dashboard', { tag: '@mobile' }, async ({ page, signUp }) => {
    await signUp(uniqueEmail('a11y-empty'), 'Emery Empty');
    await page.goto('/dashboard/');
    await expect(page.getByText('No proposals yet')).toBeVisible();
    await expectNoAxeViolations(page, 'empty dashboard');
  });

  test(
    'the dashboard with rows, who is waiting and the row menu',
    {
      tag: '@mobile',
    },
    async ({ page, login }) => {
      await login(page, world.contractorEmail);
      await page.goto('/dashboard/');
      const sentRow = page.getByRole('link', { name: /Birch Kitchen/ });
      await expect(sentRow).toContainText("Awaiting Harper Home's signature");
      await expect(page.getByRole('link', { name: /Cedar Bath/ })).toContainText(
        'awaiting your signature',
      );
      await expectNoAxeViolations(page, 'dashboard with rows');

      const options = page.getByRole('button', { name: 'Options for Birch Kitchen' });
      // Opened from the keyboard, the menu takes focus on its first entry.
      await options.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem').first()).toBeFocused();
      await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
      await expectNoAxeViolations(page, 'row menu open');
      await reviewShot(page, 'a11y-row-menu');
      await page.keyboard.press('Escape');
      await expect(options).toBeFocused();
    },
  );

  const dialogs: { row: string; entry: string; dialog: RegExp; role: 'dialog' | 'alertdialog' }[] =
    [
      { row: 'Ash Porch', entry: 'Delete', dialog: /delete this propsal/, role: 'alertdialog' },
      { row: 'Cedar Bath', entry: 'Archive', dialog: /^Archive this signed/, role: 'alertdialog' },
      { row: 'Ash Porch', entry: 'Copy Proposal URL', dialog: /Copy Proposal URL/, role: 'dialog' },
      {
        row: 'Ash Porch',
        entry: 'Make Publicly Available',
        dialog: /publicly available\?/,
        role: 'alertdialog',
      },
      { row: 'Ash Porch', entry: 'Reassign', dialog: /^Reassign this proposal/, role: 'dialog' },
    ];
  for (const { row, entry, dialog: name, role } of dialogs) {
    test(`the dashboard's ${entry} dialog`, { tag: '@mobile' }, async ({ page, login }) => {
      await login(page, world.contractorEmail);
      await page.goto('/dashboard/');
      const options = page.getByRole('button', { name: `Options for ${row}` });
      await options.click();
      await page.getByRole('menuitem', { name: entry }).click();
      const dialog = page.getByRole(role, { name });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, `${entry} dialog`);
      await expectFocusTrapped(page, dialog);
      await expectClosesTo(page, dialog, options);
    });
  }

  test('the viewer of a proposal not sent yet', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.contractorEmail);
    await page.goto(`/proposal/${world.draftId}/`);
    await expect(page.getByRole('heading', { name: 'Contract', exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Proposal actions' })
        .getByRole('button', { name: 'Sign', exact: true }),
    ).toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations(page, 'contractor viewer before sending');
  });

  test(
    'the shop page, closed and with an item open',
    { tag: '@mobile' },
    async ({ page, login }) => {
      await login(page, world.contractorEmail);
      await page.goto(`/proposal/${world.sentId}/selections/`);
      await expect(shopItem(page, 'Pendant lights')).toBeVisible();
      await expectNoAxeViolations(page, 'contractor shop page');
      const faucet = await openItem(shopItem(page, 'Faucet'));
      await expect(faucet.getByRole('button', { name: 'Add manually' })).toBeVisible();
      await expectNoAxeViolations(page, 'contractor shop page with an item open');

      // A dialog opened from the keyboard gives focus back to the button that opened it.
      const addManually = faucet.getByRole('button', { name: 'Add manually' });
      await addManually.focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('dialog');
      await expect(form).toBeVisible();
      await expectFocusTrapped(page, form);
      await expectClosesTo(page, form, addManually);
    },
  );

  test('the viewer', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.contractorEmail);
    await page.goto(`/proposal/${world.sentId}/`);
    await expect(page.getByRole('heading', { name: 'Contract', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'contractor viewer');
    await reviewShot(page, 'viewer');
  });

  test('the edit wizard', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.contractorEmail);
    await page.goto(`/proposal/edit/${world.draftId}/`);
    await expect(page.getByRole('heading', { name: 'Edit your Proposal' })).toBeVisible();
    await expect(page.getByLabel('Project name')).toHaveValue('Ash Porch');
    await expectNoAxeViolations(page, 'edit wizard');
  });

  test('the send page with its errors shown', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.contractorEmail);
    await page.goto(`/proposal/send/${world.draftId}/`);
    const email = page.getByLabel('Client email');
    await expect(email).toBeVisible();
    await expectNoAxeViolations(page, 'send page');
    await email.fill('not-an-address');
    await page.getByLabel('Client name').fill('Sam Home');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expectNoAxeViolations(page, 'send page with errors');
  });

  test('the sign dialog', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.contractorEmail);
    await page.goto(`/proposal/${world.sentId}/`);
    const sign = page
      .getByRole('region', { name: 'Proposal actions' })
      .getByRole('button', { name: 'Sign', exact: true });
    await sign.click();
    const dialog = page.getByRole('dialog', { name: 'Sign as Contractor' });
    await expect(dialog.getByRole('img', { name: 'Signature pad' })).toBeVisible();
    await expectNoAxeViolations(page, 'sign dialog');
    await expectFocusTrapped(page, dialog);
    await expectClosesTo(page, dialog, sign);
  });

  test('the signing log', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.contractorEmail);
    await page.goto(`/proposal/log/${world.signedId}/`);
    await expect(page.getByRole('heading', { name: 'Signing log' })).toBeVisible();
    await expect(page.getByText('Harper Home').first()).toBeVisible();
    await expectNoAxeViolations(page, 'signing log');
  });

  test('the print view', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.contractorEmail);
    const res = await page.request.post(`/api/proposal/${world.signedId}/print-access`);
    expect(res.status()).toBe(200);
    await page.goto(((await res.json()) as { url: string }).url);
    await expect(page.getByRole('heading', { name: 'Contract', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'print view');
  });
});

// ---- the homeowner ----------------------------------------------------------------------------

test.describe('homeowner', () => {
  test('the dashboard', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.homeownerEmail);
    await page.goto('/dashboard/');
    await expect(page.getByRole('link', { name: /Birch Kitchen/ })).toContainText(
      'Awaiting your signature',
    );
    await expectNoAxeViolations(page, 'homeowner dashboard');
  });

  test('the viewer', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.homeownerEmail);
    await page.goto(`/proposal/received/${world.sentId}/`);
    await expect(page.getByRole('heading', { name: 'Contract', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'homeowner viewer');
  });

  test(
    'the shop page, closed and with an item open',
    { tag: '@mobile' },
    async ({ page, login }) => {
      await login(page, world.homeownerEmail);
      await page.goto(`/proposal/received/${world.sentId}/selections/`);
      await expect(shopItem(page, 'Pendant lights')).toBeVisible();
      await expectNoAxeViolations(page, 'homeowner shop page');
      const faucet = await openItem(shopItem(page, 'Faucet'));
      await expect(faucet.getByRole('region', { name: /Comments on Faucet/ })).toBeVisible();
      await expectNoAxeViolations(page, 'homeowner shop page with an item open');
    },
  );

  test('the signed page', { tag: '@mobile' }, async ({ page, login }) => {
    await login(page, world.homeownerEmail);
    await page.goto(`/proposal/signed/${world.signedId}/`);
    await expect(page.getByText("You're all set.")).toBeVisible();
    await expectNoAxeViolations(page, 'signed page');
  });
});

/*
 * /api/docs is Scalar's API reference, served from the app (tests/e2e/api-docs.spec.ts).
 */
