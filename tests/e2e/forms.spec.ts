import { expect, test, uniqueEmail } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { reviewShot } from './support/review-shot';
import { createdProposal, sentTo } from './support/proposals';

/*
 * The e-mail boxes of the invite and send forms (docs/product/sending.md): an invalid address is
 * pointed out once the box is left or typing pauses, the button waits for a valid one, and a sent
 * invitation empties the box.
 */

test(
  'the invite and send forms point out a bad address and wait for a good one',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Walnut Bath',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
    });

    await page.goto(`/proposal/${id}/`);
    const invite = page.getByRole('textbox', { name: 'Invite users to this proposal' });
    const sendInvitation = page.getByRole('button', { name: 'Send invitation' });
    await expect(sendInvitation).toBeDisabled();
    // Enabled by a good address: only the loaded form does that (its stand-in is always disabled).
    await invite.fill('pat@example.com');
    await expect(sendInvitation).toBeEnabled();
    await invite.fill('pat@');
    await expect(sendInvitation).toBeDisabled();
    await invite.blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(invite).toHaveAttribute('aria-invalid', 'true');
    // Above the sticky action bar, for the review shot.
    await invite.evaluate((box) => box.scrollIntoView({ block: 'center' }));
    await reviewShot(page, 'invite-form-error');
    const designer = uniqueEmail('Designer');
    await invite.fill(designer);
    await expect(page.getByText('Please enter a valid email address.')).toBeHidden();
    await sendInvitation.click();
    await expect(page.getByText(`Invitation sent to ${designer.toLowerCase()}.`)).toBeVisible();
    await expect(invite).toHaveValue('');
    await expect(sendInvitation).toBeDisabled();

    await page.goto(`/proposal/send/${id}/`);
    const email = page.getByLabel('Client email');
    const send = page.getByRole('button', { name: 'Send to Homeowner' });
    await page.getByLabel('Client name').fill('Sam Home');
    await expect(page.getByLabel('Message')).toHaveValue(/^Hi Sam Home,/);
    // A pause in typing is enough to show the problem.
    await email.pressSequentially('sam@');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(send).toBeDisabled();
    await reviewShot(page, 'send-form-error');
    await email.fill('sam@example.com');
    await email.blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeHidden();
    await expect(send).toBeEnabled();
  },
);

test(
  'an address typed while an invitation sends is kept, and long addresses fit a phone',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Long Names',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
    });
    const long = `jonathan.richardson.the.third-${Date.now().toString(36)}@constructionpartners-example.com`;
    await sentTo(page.request, id, { email: long, name: 'Jon' });
    await page.goto(`/proposal/${id}/`);
    await expect(page.getByText(`Sent to ${long}`)).toBeVisible();

    // The first invitation is held on its way until the next address is typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/proposal/${id}/invite`, async (route) => {
      await held;
      await route.continue();
    });
    const invite = page.getByRole('textbox', { name: 'Invite users to this proposal' });
    const sendInvitation = page.getByRole('button', { name: 'Send invitation' });
    const first = `first.helper.with.a.rather.long.address-${Date.now().toString(36)}@designstudio-example.com`;
    await invite.fill(first);
    await sendInvitation.click();
    await expect(sendInvitation).toHaveAttribute('aria-busy', 'true');
    // Still focusable while it sends: the keyboard keeps its place.
    await expect(sendInvitation).toBeFocused();
    await invite.fill('second@example.com');
    release();
    await expect(page.getByText(`Invitation sent to ${first}.`)).toBeVisible();
    await expect(invite).toHaveValue('second@example.com');

    // Nothing of the page is wider than the screen.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      )
      .toBe(true);
    await page
      .getByRole('heading', { name: 'People with access' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
    await reviewShot(page, 'invite-form-long-address');
  },
);

test(
  'an invitation can name the person, and the people list of the proposal says the name',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Named Guests',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
    });
    await page.goto(`/proposal/${id}/`);
    const invite = page.getByRole('textbox', { name: 'Invite users to this proposal' });
    const name = page.getByRole('textbox', { name: 'Their name (optional)' });
    // Offered once an address is typed (review 27: invitees read as 'dora.designer').
    await expect(name).toHaveCount(0);
    const dora = uniqueEmail('dora.designer').toLowerCase();
    await invite.fill(dora);
    await invite.press('Tab');
    await expect(name).toBeFocused();
    await name.pressSequentially('Dora Designer');
    await invite.evaluate((box) => box.scrollIntoView({ block: 'center' }));
    await expectNoAxeViolations(page, 'the invite form with a name');
    await reviewShot(page, 'invite-form-name');
    await name.press('Enter');
    await expect(page.getByText(`Invitation sent to ${dora}.`)).toBeVisible();
    await expect(invite).toHaveValue('');
    await expect(name).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: dora })).toContainText(
      'Dora Designer',
    );
  },
);

test('removing the homeowner forgets their name and offers Send again', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await createdProposal(page.request, {
    projectName: 'Wrong Address',
    companyName: 'Pro Builders',
    name: 'Parker Pro',
  });
  const mistyped = uniqueEmail('jane.mistyped');
  await sentTo(page.request, id, { email: mistyped, name: 'Jane Typo' });

  await page.goto(`/proposal/${id}/`);
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
  const actions = page.getByRole('region', { name: 'Proposal actions' });
  await expect(actions.getByRole('button', { name: /^Sent on / })).toBeVisible();
  await expect(page.getByText('to Jane Typo')).toBeVisible();

  await page.getByRole('button', { name: 'Remove Jane Typo' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Jane Typo?' });
  // At once, while it fades in: axe waits for the fade to end and judges the finished dialog.
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'the Remove-homeowner question as it opens');
  // An invitation would not give the homeowner's role back: sending does.
  await expect(confirm).toHaveAccessibleDescription(
    'Jane Typo will no longer be able to open this proposal. To make them its homeowner again, send it to them.',
  );
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  // The keyboard stays in the list, not at the top of the page.
  await expect(page.getByRole('heading', { name: 'People with access' })).toBeFocused();
  await expect(page.getByText('Nobody else has access yet.')).toBeVisible();
  await expect(page.getByText('to Jane Typo')).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await reviewShot(page, 'homeowner-removed', { fullPage: true });
    await expectNoAxeViolations(page, `the proposal after its homeowner was removed, ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The dashboard no longer says it waits for them.
  await page.goto('/dashboard/');
  const row = page.getByRole('listitem').filter({ hasText: 'Wrong Address' });
  await expect(row).toContainText('Its homeowner was removed · send it again');
  await expect(row).not.toContainText('Jane Typo');
  // Nor does Delete say the homeowner would lose it.
  await page.getByRole('button', { name: 'Options for Wrong Address' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleting = page.getByRole('alertdialog', { name: /delete this propsal/ });
  await expect(deleting).toContainText('and anyone you invited will no longer be able to open it');
  await expect(deleting).not.toContainText('the homeowner');
  await deleting.getByRole('button', { name: 'Cancel' }).click();
  await page.goBack();

  // Send again, to the right address.
  await actions.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/proposal/send/${id}/$`));
});

test(
  'sending again starts with the homeowner it went to, and asks before sending elsewhere',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Oak Floors',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
    });
    const robin = uniqueEmail('robin');
    await sentTo(page.request, id, { email: robin, name: 'Robin Home' });

    await page.goto(`/proposal/send/${id}/`);
    const email = page.getByLabel('Client email');
    await expect(email).toHaveValue(robin);
    await expect(page.getByLabel('Client name')).toHaveValue('Robin Home');
    await expect(page.getByLabel('Message')).toHaveValue(/^Hi Robin Home,/);
    // Nothing typed yet: leaving asks nothing.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));

    await page.goto(`/proposal/send/${id}/`);
    const other = uniqueEmail('robin.typo');
    await email.fill(other);
    const send = page.getByRole('button', { name: 'Send to Homeowner' });
    await send.click();
    const question = page.getByRole('alertdialog', { name: `Send to ${other} instead?` });
    await expect(question).toContainText(`${robin} will no longer be able to open this proposal`);
    await expectNoAxeViolations(page, 'the question before sending to another address');
    await reviewShot(page, 'send-elsewhere-question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(email).toHaveValue(other);
    await expect(send).toBeFocused();

    await send.click();
    await question.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/sign/${id}/$`));
    const homeowner = await page.request.get(`/api/proposal/homeowner/${id}`);
    expect(await homeowner.json()).toMatchObject({ email: other });
  },
);

test(
  'hiding Big Picture hides it from readers, not the owner’s invitations and members',
  { tag: '@mobile' },
  async ({ page, browser, signUp, login }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Quiet Porch',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
      projectScope: 'Only the owner and the team know this goal.',
      contract: 'The work as described above.',
      sectionVisibility: {
        cover: true,
        welcome: true,
        bigpicture: false,
        plan: true,
        shoppinglist: true,
        contract: true,
      },
    });
    const robin = uniqueEmail('robin');
    await sentTo(page.request, id, { email: robin, name: 'Robin Home' });

    await page.goto(`/proposal/${id}/`);
    const bigPicture = page.getByRole('region', { name: 'Big Picture' });
    await expect(bigPicture).toContainText('Hidden from your readers.');
    await expect(
      bigPicture.getByRole('textbox', { name: 'Invite users to this proposal' }),
    ).toBeVisible();
    await expect(bigPicture.getByRole('button', { name: 'Remove Robin Home' })).toBeVisible();
    await expect(page.getByText('Only the owner and the team know this goal.')).toHaveCount(0);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await bigPicture.scrollIntoViewIfNeeded();
      await reviewShot(page, 'big-picture-hidden-owner');
      await expectNoAxeViolations(page, `the owner's hidden Big Picture at ${width} px`);
    }

    const homeContext = await browser.newContext({ viewport: page.viewportSize() });
    const home = await homeContext.newPage();
    await login(home, robin);
    await home.goto(`/proposal/${id}/`);
    await expect(home.getByRole('heading', { name: 'Contract', exact: true })).toBeVisible();
    await expect(home.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(home.getByRole('region', { name: 'Big Picture' })).toHaveCount(0);
    await expect(home.getByText('Only the owner and the team know this goal.')).toHaveCount(0);
    await homeContext.close();
  },
);

test('sending reads the proposal again once before it moves on', async ({ page, signUp }) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await createdProposal(page.request, {
    projectName: 'Cedar Deck',
    companyName: 'Pro Builders',
    name: 'Parker Pro',
  });
  await page.goto(`/proposal/send/${id}/`);
  await page.getByLabel('Client email').fill(uniqueEmail('hal'));
  await page.getByLabel('Client name').fill('Hal Home');
  // The proposal can be the largest reply there is (decision 0036): read on the send page, after
  // the send, only to learn it was sent.
  const sendPage = new RegExp(`/proposal/send/${id}/$`);
  let reads = 0;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path === `/api/proposal/${id}` && sendPage.test(page.url())) {
      reads += 1;
    }
  });
  await page.getByRole('button', { name: 'Send to Homeowner' }).click();
  await expect(page).toHaveURL(new RegExp(`/proposal/sign/${id}/$`));
  expect(reads).toBe(1);
});
