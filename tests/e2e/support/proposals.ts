import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { openedFromMail } from './contexts';
import { expect, type E2eMailbox } from './fixtures';

/**
 * A proposal made through the API by whoever `request` is signed in as (POST /api/proposal
 * answers 201 and the new id as text); its id.
 */
export async function createdProposal(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<string> {
  const created = await request.post('/api/proposal', { data });
  expect(created.status(), await created.text()).toBe(201);
  return created.text();
}

/**
 * Proposal `proposalId` sent to a homeowner by whoever `request` is signed in as (POST
 * /api/proposal/send); when it was asked, for the mailbox.
 */
export async function sentTo(
  request: APIRequestContext,
  proposalId: string,
  homeowner: { email: string; name: string },
): Promise<number> {
  const since = Date.now();
  const sent = await request.post('/api/proposal/send', {
    data: { proposalId, to: homeowner.email, homeownersName: homeowner.name, message: 'Hi' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return since;
}

/**
 * Proposal `proposalId` sent to a homeowner by whoever `page` is signed in as, then `test` given
 * the homeowner's own browser, at `page`'s size, landed from the e-mail's link on their view of
 * it (`/proposal/received/{id}/`).
 */
export async function receivedByHomeowner(
  { browser, mailbox, page }: { browser: Browser; mailbox: E2eMailbox; page: Page },
  proposalId: string,
  homeowner: { email: string; name: string },
  test: (home: Page) => Promise<void>,
): Promise<void> {
  const since = await sentTo(page.request, proposalId, homeowner);
  await openedFromMail(
    browser,
    mailbox,
    { to: homeowner.email, since },
    async (home) => {
      await expect(home).toHaveURL(new RegExp(`/proposal/received/${proposalId}/$`));
      await test(home);
    },
    { viewport: page.viewportSize() },
  );
}

/** An item the homeowner shops for: an allowance (cost type 4) marked as a selection. */
export const toChoose = (name: string, rawCost: string) => ({
  name,
  rawCost,
  costType: 4,
  selection: true,
});

/** Work that is not shopped for: labor (cost type 1). */
export const labor = (name: string, rawCost: string) => ({ name, rawCost, costType: 1 });
