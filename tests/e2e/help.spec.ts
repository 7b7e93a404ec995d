import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { createdProposal } from './support/proposals';
import { expectNoAxeViolations } from './support/axe';

/*
 * The help launcher (issue 10, decision 0011): on every page that is not a proposal page, a
 * round button opens searchable FAQ answers and a form that reaches SUPPORT_EMAIL, with the
 * sender as Reply-To. Absent on proposal pages, the print view and the create wizard.
 */

test(
  'the help panel searches the FAQ and writes to support',
  { tag: '@mobile' },
  async ({ page, mailbox }) => {
    const config = (await (await page.request.get('/api/config/public')).json()) as {
      supportEmail: string;
    };
    await page.goto('/faq/');
    const launcher = page.getByRole('button', { name: 'Help', exact: true });
    await expect(launcher).toBeVisible();
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'How can we help?' });
    await expect(panel).toBeVisible();
    // Focus is trapped in the panel: the search box takes it first.
    await expect(panel.getByRole('searchbox', { name: 'Search help' })).toBeFocused();
    await reviewShot(page, 'help-panel');

    await panel.getByRole('searchbox', { name: 'Search help' }).fill('password');
    await expect(panel.getByText('1 answer', { exact: true })).toBeVisible();
    const question = panel.getByRole('button', { name: 'Do I need a password?' });
    await question.click();
    await expect(
      panel.getByText(/Plansmith logs you in with a link sent to your e-mail/),
    ).toBeVisible();
    await panel.getByRole('searchbox', { name: 'Search help' }).fill('zebra');
    await expect(panel.getByText('No answers match “zebra”.')).toBeVisible();

    // Escape closes it and gives the keyboard back to the launcher.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();

    await launcher.click();
    await panel.getByRole('button', { name: 'Write to us' }).click();
    await expect(panel.getByLabel('Your e-mail')).toBeFocused();
    await panel.getByRole('button', { name: 'Send message' }).click();
    await expect(panel.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(panel.getByText('Please write your question or message.')).toBeVisible();
    const sender = uniqueEmail('help-asker');
    await panel.getByLabel('Your e-mail').fill(sender);
    await panel.getByLabel('Your question or message').fill('Can my architect see the plan too?');
    // Closed by Escape halfway, the panel opens again on the message as it was.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await launcher.click();
    await expect(panel.getByLabel('Your question or message')).toHaveValue(
      'Can my architect see the plan too?',
    );
    await expect(panel.getByLabel('Your e-mail')).toHaveValue(sender);
    await reviewShot(page, 'help-contact');
    const since = Date.now();
    await panel.getByRole('button', { name: 'Send message' }).click();
    await expect(panel.getByText('Thank you, your message is on its way.')).toBeVisible();
    // This run's own mail: the other project's run of this test writes to the same address.
    const mail = await mailbox.waitFor(config.supportEmail, {
      since,
      subject: new RegExp(sender.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    expect(mail.subject).toBe(`Help request from ${sender}`);
    expect(mail.replyTo).toBe(sender);
    expect(mail.text).toContain('Can my architect see the plan too?');
    expect(mail.text).toContain('/faq/');
  },
);

test('the launcher is absent on proposal pages, the print view and the wizard', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('help-pages'), 'Hal Helper');
  await page.goto('/dashboard/');
  await expect(page.getByRole('button', { name: 'Help', exact: true })).toBeVisible();
  await reviewShot(page, 'help-launcher-dashboard');

  const id = await createdProposal(page.request, {
    projectName: 'Help-free proposal',
    companyName: 'Hal Builds',
    name: 'Hal',
  });
  for (const path of [`/proposal/${id}/`, `/proposal/edit/${id}/`, `/print/${id}/`, '/create/']) {
    await page.goto(path);
    // By role: on the viewer's server-rendered page the app renders into a hidden copy first,
    // and the check is on the app's page once it has taken the server's copy's place.
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Help', exact: true })).toHaveCount(0);
  }
  // Client-side navigation away from a proposal brings it back.
  await page.goto(`/proposal/${id}/`);
  await page
    .getByRole('link', { name: /Back to Dashboard/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole('button', { name: 'Help', exact: true })).toBeVisible();
});

test('help that cannot load says so beside the button and loads on the next press', async ({
  page,
}) => {
  await page.goto('/signup/');
  await page.getByLabel('Email', { exact: true }).fill('typed.before.help@example.com');
  // The help panel's code cannot be fetched (offline for a moment, or a release since).
  await page.route('**/assets/help-dialog-*.js', (route) => route.abort('internetdisconnected'));
  const launcher = page.getByRole('button', { name: 'Help', exact: true });
  await launcher.click();
  await expect(
    page.getByText('Help could not be loaded. Check your connection, then press Help again.'),
  ).toBeVisible();
  // The page and what was typed in it stay.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(
    'typed.before.help@example.com',
  );
  await reviewShot(page, 'help-not-loaded');

  await page.unroute('**/assets/help-dialog-*.js');
  await launcher.click();
  await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeVisible();
  await expect(page.getByText('Help could not be loaded.', { exact: false })).toHaveCount(0);
});

test(
  'while help loads the launcher keeps the focus, says it is busy and ignores presses',
  { tag: '@mobile' },
  async ({ page }) => {
    await page.goto('/faq/');
    // The panel's code is held until the test lets it through, so the busy state can be seen.
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/assets/help-dialog-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const launcher = page.getByRole('button', { name: 'Help', exact: true });
    await launcher.focus();
    await page.keyboard.press('Enter');
    // As every BusyButton: still focusable (aria-disabled, not disabled), and busy.
    await expect(launcher).toHaveAttribute('aria-busy', 'true');
    await expect(launcher).toHaveAttribute('aria-disabled', 'true');
    await expect(launcher).not.toHaveAttribute('disabled');
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect(launcher).toBeFocused();

    letThrough();
    const panel = page.getByRole('dialog', { name: 'How can we help?' });
    await expect(panel).toBeVisible();
    await expectNoAxeViolations(page, 'the help panel opened after a slow load');
    // The open panel hides the page from assistive technology, the launcher with it: closed, the
    // launcher is no longer busy, and opens the panel again at once.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
    await expect(launcher).not.toHaveAttribute('aria-disabled');
    await expect(launcher).not.toHaveAttribute('aria-busy');
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
  },
);
