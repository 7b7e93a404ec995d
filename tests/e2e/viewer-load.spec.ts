import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal } from './support/proposals';

/*
 * Decision 0033: the viewer's page asks for its route's scripts and for the proposal at once, the
 * app takes the preloaded proposal instead of asking again, and the whole document follows its
 * first screen.
 */

test(
  "the viewer's page preloads the proposal, reads it once and shows the whole document",
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Walnut Bath',
      companyName: 'Pro Builders',
      contract: 'Payment in three parts.',
      costGroups: [{ name: 'Demolition', values: [{ name: 'Remove the old tub' }] }],
    });

    const proposalReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/proposal/${id}`)
        proposalReads.push(request.url());
    });
    const response = await page.goto(`/proposal/${id}/`);
    expect(response?.headers()['link']).toBe(
      `</api/proposal/${id}>; rel=preload; as=fetch; crossorigin`,
    );
    // Decision 0040: the owner's page is rendered on the server, and its island asks for the
    // route's scripts together once the first screen is painted.
    expect(await response?.text()).toMatch(
      /data-preload="[^"]*\/assets\/proposal-page-[^"]+\.js[^"]*"/,
    );

    await expect(page.getByRole('heading', { level: 1, name: 'Walnut Bath' })).toBeVisible();
    // The sections after the first screen follow: the last one is there, with the contract.
    await expect(page.getByRole('heading', { name: 'Sign Below' })).toBeAttached();
    await expect(page.getByText('Payment in three parts.')).toBeAttached();
    await expect(page.getByRole('button', { name: /Demolition/ })).toBeVisible();
    expect(proposalReads).toHaveLength(1);
  },
);
