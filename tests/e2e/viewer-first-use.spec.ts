import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { holdScript } from './support/takeover';

/*
 * Decision 0037: the plan's accordion and the action bar's menu and tooltip load at the first
 * sign of use, behind stand-ins. Each test holds the part's script until the user has started
 * using the stand-in, so what they did must carry over to the loaded part.
 */

async function proposalWithGroups(page: Page, groups: string[]): Promise<string> {
  const created = await page.request.post('/api/proposal', {
    data: {
      projectName: 'Birch Porch',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
      costGroups: groups.map((name) => ({
        name,
        values: [{ name: `${name} item`, rawCost: '100', costType: '1' }],
      })),
    },
  });
  expect(created.status()).toBe(201);
  return created.text();
}

test(
  'the plan works from the keyboard before and after its accordion loads',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await proposalWithGroups(page, ['Framing', 'Roofing', 'Painting']);
    const accordion = await holdScript(page, /\/assets\/accordion-[\w-]+\.js$/);
    await page.goto(`/proposal/${id}/`);

    const trigger = (name: string) => page.getByRole('button', { name: new RegExp(name) });
    await expect(trigger('Framing')).toHaveAttribute('aria-expanded', 'false');
    await trigger('Framing').focus();
    await accordion.requested;

    // Not loaded yet: Enter opens the group all the same, and the page stays accessible.
    await page.keyboard.press('Enter');
    await expect(trigger('Framing')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Framing item')).toBeVisible();
    // Everything the first screen shows is there too; the help of a preset group included.
    await expect(page.getByText(/Structure of the house/i)).toBeVisible();
    await expectNoAxeViolations(page, 'the plan before its accordion loads');
    // An arrow pressed now moves focus once the accordion is there.
    await page.keyboard.press('ArrowDown');
    accordion.release();
    await expect(trigger('Roofing')).toBeFocused();
    await expect(trigger('Framing')).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('End');
    await expect(trigger('Painting')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(trigger('Framing')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(trigger('Framing')).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Expand All' }).click();
    for (const name of ['Framing', 'Roofing', 'Painting'])
      await expect(trigger(name)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Painting item')).toBeVisible();
    await page.getByRole('button', { name: 'Collapse All' }).click();
    await expect(trigger('Roofing')).toHaveAttribute('aria-expanded', 'false');
  },
);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the bar's More menu and Sign's reason work when pressed before they load", async ({
    page,
    signUp,
  }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await proposalWithGroups(page, ['Framing']);
    const menus = /\/assets\/action-bar-menus-[\w-]+\.js$/;
    const bar = page.getByRole('region', { name: 'Proposal actions' });

    // From the keyboard: Enter on 'More' opens the menu on its first item once it has loaded.
    let held = await holdScript(page, menus);
    await page.goto(`/proposal/${id}/`);
    const more = bar.getByRole('button', { name: 'More' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.focus();
    await held.requested;
    await page.keyboard.press('Enter');
    held.release();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'PDF' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    // With a pointer: a tap on 'More' opens it.
    await page.unrouteAll();
    held = await holdScript(page, menus);
    await page.reload();
    await more.click();
    await held.requested;
    held.release();
    await expect(menu.getByRole('menuitem', { name: 'PDF' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Sign, focused before the tooltip has loaded, shows its reason once it has.
    await page.unrouteAll();
    held = await holdScript(page, menus);
    await page.reload();
    const sign = bar.getByRole('button', { name: 'Sign', exact: true });
    await sign.focus();
    await held.requested;
    held.release();
    await expect(sign).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(
      'You can sign once the proposal has been sent to the homeowner.',
    );
  });
});

/**
 * A group's trigger pressed (`press.down`), the accordion's script arriving and running, then
 * the press released (`press.up`): the group opens on that press, and the accordion is the
 * loaded one after it.
 */
async function pressAcrossArrival(
  page: Page,
  signUp: (email: string, name: string) => Promise<unknown>,
  press: {
    aim: (trigger: Locator) => Promise<void>;
    down: () => Promise<void>;
    up: () => Promise<void>;
  },
) {
  await signUp(uniqueEmail('press'), 'Parker Pro');
  const id = await proposalWithGroups(page, ['Framing', 'Roofing']);
  const accordion = await holdScript(page, /\/assets\/accordion-[\w-]+\.js$/);
  await page.goto(`/proposal/${id}/`);
  const trigger = (name: string) => page.getByRole('button', { name: new RegExp(name) });
  await expect(trigger('Framing')).toHaveAttribute('aria-expanded', 'false');
  // The app's own stand-in, not the server's markup (whose presses are replayed at takeover).
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);

  await press.aim(trigger('Framing'));
  await accordion.requested;
  // The press begins, and the accordion's script arrives and runs before it ends.
  await press.down();
  const arrived = page.waitForResponse(/\/assets\/accordion-[\w-]+\.js$/);
  accordion.release();
  const script = (await arrived).url();
  // The same module the app asked for: this resolves once it has run, and the app's import
  // with it; then a frame, for what the app does when its import resolves.
  await page.evaluate(async (url) => {
    await import(url);
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
  }, script);
  await press.up();
  await expect(trigger('Framing')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Framing item')).toBeVisible();
  // And the accordion is the loaded one now: the arrow keys move between its triggers.
  await trigger('Framing').focus();
  await page.keyboard.press('ArrowDown');
  await expect(trigger('Roofing')).toBeFocused();
}

test(
  'a group pressed while its accordion arrives opens on that press',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await pressAcrossArrival(page, signUp, {
      aim: async (trigger) => {
        await trigger.scrollIntoViewIfNeeded();
        const box = await trigger.boundingBox();
        if (!box) throw new Error('the Framing trigger has no box');
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      },
      down: () => page.mouse.down(),
      up: () => page.mouse.up(),
    });
  },
);

test(
  'a group whose Space key is held while its accordion arrives opens on that key',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    // A button clicks on Space's release; the key went down on the stand-in.
    await pressAcrossArrival(page, signUp, {
      aim: (trigger) => trigger.focus(),
      down: () => page.keyboard.down(' '),
      up: () => page.keyboard.up(' '),
    });
  },
);

test("the groups' help loads apart: shown when it comes, and printed with every group", async ({
  page,
  signUp,
}) => {
  // Decision 0064: the preset help texts are not part of the viewer's first load.
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await proposalWithGroups(page, ['Framing', 'Roofing']);
  const texts = await holdScript(page, /\/assets\/preset-help-lookup-[\w-]+\.js$/);
  await page.goto(`/proposal/${id}/`);
  const framing = page.getByRole('button', { name: /Framing/ });
  await framing.click();
  await expect(page.getByText('Framing item')).toBeVisible();
  await texts.requested;
  await expect(page.getByText(/Structure of the house/i)).toHaveCount(0);
  texts.release();
  await expect(page.getByText(/Structure of the house/i)).toBeVisible();

  await page.goto(`/print/${id}/`);
  await expect(page.getByText('Roofing item')).toBeVisible();
  await expect(page.getByText(/Structure of the house/i)).toBeVisible();
});

test('removing a team member asks first, with its dialog loaded when asked for', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await proposalWithGroups(page, ['Framing']);
  const invitee = uniqueEmail('designer');
  const invited = await page.request.post(`/api/proposal/${id}/invite`, {
    data: { inviteeEmail: invitee },
  });
  expect(invited.ok(), await invited.text()).toBe(true);

  await page.goto(`/proposal/${id}/`);
  const remove = page.getByRole('button', { name: `Remove ${invitee}` });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${invitee}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, 'the remove-member confirmation');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Nobody else has access yet.')).toBeVisible();
});
