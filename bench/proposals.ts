import type { Db } from '../src/server/db/database';
import { benchUser } from './harness';

/** A proposal of `groups` × `items` priced lines with a note each, created through the API. */
export async function createBenchProposal(
  address: string,
  cookie: string,
  { groups, items }: { groups: number; items: number },
): Promise<string> {
  const body = {
    projectName: `Bench ${groups} × ${items}`,
    companyName: 'Bench Builds',
    contract: 'Terms. '.repeat(200),
    costGroups: Array.from({ length: groups }, (_, g) => ({
      name: `Group ${g + 1}`,
      values: Array.from({ length: items }, (_, i) => ({
        name: `Item ${g + 1}.${i + 1} with a realistic name`,
        rawCost: String(100 + i),
        costType: 4,
        selection: i % 4 === 0,
        note: 'Supply and install, including haul-away of the old fixture. '.repeat(3),
      })),
    })),
  };
  const created = await fetch(`${address}/api/proposal`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  return created.text();
}

export const OPTIONS_PER_ITEM = 8;

/**
 * Issue 12's largest proposal as a homeowner shops it: every item with `OPTIONS_PER_ITEM`
 * options (one liked, one chosen) and a comment, sent to a homeowner with a live session.
 * Written straight into the database: how options get there is the shop benchmarks' business.
 */
export async function shopLargestProposal(
  app: { ctx: { db: Db } },
  proposalId: string,
): Promise<{ homeownerCookie: string }> {
  const { db } = app.ctx;
  const now = Date.now();
  const homeownerId = 'bench-homeowner';
  const homeownerCookie = await benchUser(app, homeownerId, 'homeowner');
  await db
    .insertInto('proposal_members')
    .values({
      proposal_id: proposalId,
      user_id: homeownerId,
      role: 'homeowner',
      invited_by: null,
      created_at: now,
    })
    .execute();
  await db.updateTable('proposals').set({ sent_at: now }).where('id', '=', proposalId).execute();
  const productIds = Array.from({ length: OPTIONS_PER_ITEM }, (_, i) => `bench-product-${i + 1}`);
  await db
    .insertInto('products')
    .values(
      productIds.map((id, i) => ({
        id,
        title: `Bench fixture ${i + 1}, brushed nickel, with a realistic title`,
        url: `https://shop.example.com/p/${id}`,
        image_url: `https://shop.example.com/img/${id}.jpg`,
        image_file_id: null,
        price_cents: 10_000 + i * 1_250,
        currency: 'USD',
        hostname: 'shop.example.com',
        manual: 0,
        catalogue: 1,
        created_by: null,
        created_at: now,
      })),
    )
    .execute();
  const items = await db
    .selectFrom('cost_items')
    .select('id')
    .where('proposal_id', '=', proposalId)
    .execute();
  const options = items.flatMap((item, n) =>
    productIds.map((productId, i) => ({
      id: `${item.id}-o${i}`,
      cost_item_id: item.id,
      product_id: productId,
      position:
        i === 0 ? ('chosen' as const) : i === 1 ? ('liked' as const) : ('not_selected' as const),
      sort_order: i,
      added_by: homeownerId,
      created_at: now + n,
    })),
  );
  for (let i = 0; i < options.length; i += 500) {
    await db
      .insertInto('options')
      .values(options.slice(i, i + 500))
      .execute();
  }
  const comments = items.map((item, n) => ({
    id: `${item.id}-c`,
    cost_item_id: item.id,
    user_id: homeownerId,
    email: `${homeownerId}@example.com`,
    content: 'Could we see this one in a darker finish? The showroom had one.',
    created_at: now + n,
  }));
  for (let i = 0; i < comments.length; i += 500) {
    await db
      .insertInto('comments')
      .values(comments.slice(i, i + 500))
      .execute();
  }
  return { homeownerCookie };
}
