import type { Cookie, Page } from '@playwright/test';
import { expect, linkFrom, test, uniqueEmail } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { reviewShot } from './support/review-shot';
import { createdProposal } from './support/proposals';

/*
 * docs/product/auth.md, docs/product/auth.md: signing up and in by e-mailed link, through the pages and the real SMTP server.
 * The other browser tests sign in with the `signUp`/`login` fixtures instead.
 */

const cookieHeader = (cookies: Cookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** The old-link page's 'Log In' may be a button or a link; the header holds another one. */
const logInControl = (page: Page) => {
  const main = page.getByRole('main');
  return main
    .getByRole('button', { name: 'Log In' })
    .or(main.getByRole('link', { name: 'Log In' }));
};

/** The header repeats the dashboard's call to action; the page's own one is in <main>. */
const createProposalLink = (page: Page) =>
  page.getByRole('main').getByRole('link', { name: 'Create New Proposal' });

async function requestLinkOnSigninPage(page: Page, email: string): Promise<number> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/success\/$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  // The pressed button went with its page: focus is on the new page, not lost to <body>.
  await expect(page.locator('#main-content')).toBeFocused();
  return since;
}

test('a contractor signs up, logs in by e-mail, logs out and logs in again', async ({
  page,
  mailbox,
  request,
}) => {
  const email = uniqueEmail('contractor');
  await page.goto('/signup/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Casey Builder');
  await page.getByLabel('Phone number').fill('555-0100');
  await page.getByLabel('Company name').fill('Casey Builds');
  const since = Date.now();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/success\/$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const firstLink = linkFrom(await mailbox.waitFor(email, { since }));
  const tokenPage = await page.goto(firstLink);
  // The token page leaks its address to nothing it loads.
  expect(tokenPage?.headers()['referrer-policy']).toBe('no-referrer');
  expect(tokenPage?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole('heading', { name: 'Your proposals' })).toBeVisible();
  await expect(createProposalLink(page)).toBeVisible();

  // The session cookie works on its own (no browser)...
  const oldSession = cookieHeader(await page.context().cookies());
  const me = () =>
    request
      .get('/api/authorization/me', { headers: { cookie: oldSession } })
      .then((res) => res.json() as Promise<{ user: { email: string } | null }>);
  expect((await me()).user?.email).toBe(email);

  // ...and after logging out it is worth nothing, even to someone who kept a copy.
  await page.goto('/logout/');
  await expect.poll(async () => (await me()).user).toBeNull();

  // docs/product/auth.md: a used link shows the old-link page, which leads to the log-in form.
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: 'Trying to login?' })).toBeVisible();
  await expect(
    page.getByText('It looks like you may be trying to login with an old link.'),
  ).toBeVisible();
  await logInControl(page).click();
  await expect(page).toHaveURL(/\/signin\/$/);

  const again = await requestLinkOnSigninPage(page, email);
  await page.goto(linkFrom(await mailbox.waitFor(email, { since: again })));
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(createProposalLink(page)).toBeVisible();
});

test('a double click on Sign Up or Log In asks for one e-mail, not two', async ({
  page,
  browser,
  signUpIn,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/authorization\/(signup|signin)$/.test(request.url()))
      asked.push(new URL(request.url()).pathname);
  });
  const email = uniqueEmail('double');
  await page.goto('/signup/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Dana Double');
  await page.getByRole('button', { name: 'Sign Up' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  expect(asked).toEqual(['/api/authorization/signup']);

  // Someone with an account, at this logged-out browser.
  const other = await browser.newContext();
  const known = uniqueEmail('double-known');
  await signUpIn(await other.newPage(), known, 'Kim Known');
  await other.close();
  await page.goto('/signin/');
  await page.getByLabel('Email', { exact: true }).fill(known);
  await page.getByRole('button', { name: 'Log In' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  expect(asked).toEqual(['/api/authorization/signup', '/api/authorization/signin']);
});

test('an unknown address cannot log in', async ({ page }) => {
  await page.goto('/signin/');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('User with this email was not found')).toBeVisible();
});

test('a logged-out visit to the dashboard logs in and comes back', async ({
  page,
  signUp,
  mailbox,
}) => {
  const email = uniqueEmail('returning');
  await signUp(email, 'Riley Return');
  await page.context().clearCookies();

  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/signin\/\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/');

  const since = await requestLinkOnSigninPage(page, email);
  await page.goto(linkFrom(await mailbox.waitFor(email, { since })));
  await expect(page).toHaveURL(/\/dashboard\/$/);
});

test('a signed-in user opening the log-in page goes to the dashboard', async ({
  page,
  signUp,
  login,
}) => {
  const email = uniqueEmail('signed-in');
  await signUp(email, 'Sam Signed');
  await page.context().clearCookies();
  await login(page, email);

  await page.goto('/signin/');
  await expect(page).toHaveURL(/\/dashboard\/$/);
});

test('after logging out, Back does not show the private proposal the tab had open', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('back-out'), 'Bo Back');
  const id = await createdProposal(page.request, {
    projectName: 'Hidden Loft',
    companyName: 'Bo Builds',
    contract: 'Payment is due on completion.',
    costGroups: [{ name: 'Loft', values: [{ name: 'Beams', rawCost: '4200', costType: 4 }] }],
  });
  await page.goto(`/proposal/${id}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hidden Loft' })).toBeVisible();
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);

  // 'Log out' from the header is a page of this app: the tab is not reloaded.
  await page.getByRole('link', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();

  // The next person presses Back: the proposal is private to them.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Private Project' })).toBeVisible();
  await expect(page.getByText('Hidden Loft')).toHaveCount(0);
  await expect(page.getByText('$4,200.00')).toHaveCount(0);
});

test('a session check that fails is not a log-out: the page says so and tries again', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('blip'), 'Bea Blip');
  // The server cannot be reached for the session check (a restart, the network).
  await page.route('**/api/authorization/me', (route) => route.abort('connectionrefused'));
  await page.goto('/dashboard/');
  await expect(
    page.getByText('We could not reach Plansmith. Check your connection and try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/$/);
  // Nor does the header take this person for a visitor.
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  await reviewShot(page, 'session-check-failed');
  await expectNoAxeViolations(page, 'a failed session check');

  await page.unroute('**/api/authorization/me');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Your proposals' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole('link', { name: 'Log out' }).first()).toBeVisible();
});

// Decision 0093 (before it, the link signed in to the homeowner's account and said the sign-up
// was not used): a homeowner's account becomes the contractor's, keeping what it received.
test(
  'a sign-up whose address was sent a proposal before its link was opened makes a contractor who keeps it',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    await signUp(uniqueEmail('sender'), 'Sam Sender');
    const id = await createdProposal(page.request, { projectName: 'Oak Porch' });
    const address = uniqueEmail('overtaken');
    // Someone signs up as a contractor with the address, and does not open the link yet.
    const since = Date.now();
    const signedUp = await page.request.post('/api/authorization/signup', {
      data: {
        email: address,
        name: 'Mona',
        phoneNumber: '',
        companyName: 'Mona Co',
        role: 'contractor',
      },
    });
    expect(signedUp.ok(), await signedUp.text()).toBe(true);
    const link = linkFrom(await mailbox.waitFor(address, { since }));
    // Then a contractor sends the address a proposal: its account is that homeowner's.
    const sent = await page.request.post('/api/proposal/send', {
      data: { proposalId: id, to: address, homeownersName: 'Mona', message: 'Hi' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);

    const context = await browser.newContext({ viewport: page.viewportSize() });
    try {
      const mona = await context.newPage();
      await mona.goto(link);
      await expect(mona).toHaveURL(/\/dashboard\/$/);
      await expect(
        mona.getByRole('main').getByRole('link', { name: 'Create New Proposal' }),
      ).toBeVisible();
      await expect(mona.getByRole('link', { name: /Oak Porch/ })).toHaveAttribute(
        'href',
        `/proposal/received/${id}/`,
      );
      await expectNoAxeViolations(mona, 'the dashboard of a homeowner who signed up');
      await reviewShot(mona, 'signup-keeps-received');
    } finally {
      await context.close();
    }
  },
);

test(
  'a log-out that does not reach the server says so, and logs out when tried again',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    const user = await signUp(uniqueEmail('still-in'), 'Sid Still');
    // The server cannot be reached (a restart, the network): the session stays valid there.
    await page.route('**/api/authorization/logout', (route) => route.abort('connectionrefused'));
    await page.goto('/logout/');
    await expect(page.getByRole('heading', { name: 'You are still logged in' })).toBeFocused();
    await expect(page.getByRole('alert')).toHaveText('We could not log you out. Please try again.');
    // Nobody is told they are out while they are not.
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    const me = await page.request.get('/api/authorization/me');
    expect(await me.json()).toMatchObject({ user: { email: user.email } });
    await reviewShot(page, 'logout-failed');
    await expectNoAxeViolations(page, 'a log-out that failed');

    // Failing again is a new alert (a screen reader does not repeat a node whose text stays).
    const firstAlert = await page.getByRole('alert').elementHandle();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => firstAlert?.evaluate((node) => node.isConnected)).toBe(false);
    await expect(page.getByRole('alert')).toHaveText('We could not log you out. Please try again.');

    await page.unroute('**/api/authorization/logout');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => (await page.request.get('/api/authorization/me')).json() as unknown)
      .toEqual({ user: null });
  },
);

test('the next person to sign in at this browser finds no create draft of the last one', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('drafter'), 'Dana Draft');
  await page.goto('/create/');
  await page.getByLabel('Project name').fill('Secret Renovation');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('plansmith.createDraft') ?? ''))
    .toContain('Secret Renovation');
  // A second /create tab holds the same draft: told the draft is gone, it would store it again.
  const other = await page.context().newPage();
  await other.goto('/create/');
  await expect(other.getByLabel('Project name')).toHaveValue('Secret Renovation');
  await other.evaluate(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    window.addEventListener('storage', (event) => heard.push(event.key ?? ''));
  });
  await page.goto('/logout/');
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  // The other tab has heard the draft go (its own listener, added first, ran before this one's).
  await expect
    .poll(() => other.evaluate(() => (window as unknown as { heard: string[] }).heard.join(' ')))
    .toContain('plansmith.createDraft');
  expect(await other.evaluate(() => localStorage.getItem('plansmith.createDraft'))).toBeNull();
  await other.close();

  // Signs the next person up and in, in this browser.
  await signUp(uniqueEmail('next'), 'Nell Next');
  await page.goto('/create/');
  await expect(page.getByRole('heading', { name: 'Create a Proposal' })).toBeVisible();
  await expect(page.getByLabel('Project name')).toHaveValue('');
  await expect(page.getByText('Secret Renovation')).toHaveCount(0);
});
