import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

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

/** An item the homeowner shops for: an allowance (cost type 4) marked as a selection. */
export const toChoose = (name: string, rawCost: string) => ({
  name,
  rawCost,
  costType: 4,
  selection: true,
});

/** Work that is not shopped for: labor (cost type 1). */
export const labor = (name: string, rawCost: string) => ({ name, rawCost, costType: 1 });
