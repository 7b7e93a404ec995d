import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal } from './support/proposals';

/*
 * Decision 0043: a browser that takes gzip gets the proposal's reply made from its groups' parts,
 * each compressed on its own. Chromium decodes it to the very JSON the route sends uncompressed,
 * and the viewer shows the proposal, before and after a change that builds one group again.
 */

test('the viewer shows a proposal whose reply is gzip made from its parts', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('parts'), 'Parker Parts');
  const id = await createdProposal(page.request, {
    projectName: 'Cedar Cabin',
    costGroups: ['Foundation', 'Framing', 'Roofing'].map((group) => ({
      name: group,
      note: `${group}: done in the order listed, weather permitting.`,
      values: Array.from({ length: 6 }, (_, i) => ({
        name: `${group} step ${i + 1}`,
        rawCost: `${(i + 1) * 150}`,
        selection: i === 0,
      })),
    })),
  });
  const path = `/api/proposal/${id}`;

  /** Opens the viewer; the reply came gzipped and decodes to the bytes sent uncompressed. */
  async function openViewer() {
    const reply = page.waitForResponse(
      (r) => new URL(r.url()).pathname === path && r.status() === 200,
    );
    await page.goto(`/proposal/${id}/`);
    const response = await reply;
    expect(response.headers()['content-encoding']).toBe('gzip');
    const plain = await page.request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(await response.text()).toBe(await plain.text());
    return JSON.parse(await plain.text()) as {
      costGroups: { values: { id: string; name: string }[] }[];
    };
  }

  const first = await openViewer();
  await expect(page.getByRole('heading', { level: 1, name: 'Cedar Cabin' })).toBeVisible();
  for (const group of ['Foundation', 'Framing', 'Roofing'])
    await expect(page.getByRole('button', { name: new RegExp(group) })).toBeVisible();

  const item = first.costGroups[1]!.values[0]!;
  const noted = await page.request.put(`/api/proposal/${id}/items/${item.id}/note`, {
    data: { note: 'Douglas fir, kiln dried', expected: '' },
  });
  expect(noted.status()).toBe(200);

  await openViewer();
  await expect(page.getByRole('heading', { level: 1, name: 'Cedar Cabin' })).toBeVisible();
  await expect(page.getByText('Douglas fir, kiln dried').first()).toBeAttached();
  await expect(page.getByRole('button', { name: /Roofing/ })).toBeVisible();
});
