import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockWaiters } from './support/locks';
import { startPhotoServer, type PhotoServer } from './support/photo-server';
import { request, startTestApp, type HttpResponse, type TestApp } from './support/test-app';
import { addMember, proposalWithItemToChoose, signedInUser, type TestUser } from './support/users';

/*
 * A shop write checks the caller's access when it starts and may then take seconds (a Photo URL
 * fetched). A member removed meanwhile writes nothing: their access is read again inside the
 * write's transaction, and they get the 404 a later request gets.
 */
describe('a member removed while their shop write runs', () => {
  let t: TestApp;
  let owner: TestUser;
  let photoServer: PhotoServer;
  let photoBase = '';
  // The photo's reply waits until the test lets it go.
  let photoAsked = () => {};
  let releasePhoto = () => {};

  beforeAll(async () => {
    photoServer = await startPhotoServer({
      hold: (send) => {
        releasePhoto = send;
        photoAsked();
      },
    });
    photoBase = photoServer.base;
    t = await startTestApp({ env: { CLIP_ALLOW_HOSTS: photoServer.host } });
    owner = await signedInUser(t, 'owner@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await photoServer?.close();
  });

  async function kitchenWithMember(email: string) {
    const member = await signedInUser(t, email, 'homeowner');
    const kitchen = await proposalWithItemToChoose(t, owner, { group: 'Kitchen', name: 'Faucet' });
    await addMember(t, kitchen.id, member.id, 'invitee');
    return { ...kitchen, member };
  }

  const removeMember = async (id: string, member: TestUser) => {
    const res = await request(t.baseUrl, 'DELETE', `/api/proposal/${id}/members/${member.id}`, {
      cookie: owner.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  const optionCount = async (itemId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('options')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('cost_item_id', '=', itemId)
        .executeTakeFirstOrThrow()
    ).n;

  it('a product added by hand with a slow Photo URL is not added', async () => {
    const { id, member, itemId } = await kitchenWithMember('slow-photo@example.com');
    const asked = new Promise<void>((resolve) => (photoAsked = resolve));
    const adding = request(t.baseUrl, 'POST', '/api/products/', {
      json: {
        manual: true,
        costItemId: itemId,
        manualProductData: {
          productName: 'Bridge faucet',
          productURL: 'https://faucets.example.com/bridge',
          photoURL: `${photoBase}/bridge.jpg`,
          imageFileId: null,
          priceCents: 32000,
          currency: 'USD',
        },
      },
      cookie: member.cookie,
    });
    await asked;
    await removeMember(id, member);
    releasePhoto();
    const added = await adding;
    expect(added.status, JSON.stringify(added.body)).toBe(404);
    expect(Number(await optionCount(itemId))).toBe(0);
    const products = await t.app.ctx.db
      .selectFrom('products')
      .select('id')
      .where('title', '=', 'Bridge faucet')
      .execute();
    expect(products).toEqual([]);
  });

  it('a comment queued behind the item’s lock is not posted', async () => {
    const { id, member, itemId } = await kitchenWithMember('queued-comment@example.com');
    let posting: Promise<HttpResponse<unknown>> | undefined;
    // Held as a plan save holds it; on SQLite one connection serves both, so the comment's
    // first check runs after the removal.
    await t.app.ctx.db.transaction().execute(async (trx) => {
      let item = trx.selectFrom('cost_items').select('id').where('id', '=', itemId);
      if (t.app.ctx.dialect === 'postgres') item = item.forUpdate();
      await item.execute();
      posting = request(t.baseUrl, 'POST', `/api/proposal/${id}/items/${itemId}/comments`, {
        json: { content: 'One more thing' },
        cookie: member.cookie,
      });
      if (t.app.ctx.dialect === 'postgres')
        await expect.poll(() => lockWaiters(t), { timeout: 20_000 }).toBeGreaterThan(0);
      await trx
        .deleteFrom('proposal_members')
        .where('proposal_id', '=', id)
        .where('user_id', '=', member.id)
        .execute();
    });
    const posted = await posting!;
    expect(posted.status, JSON.stringify(posted.body)).toBe(404);
    const comments = await t.app.ctx.db
      .selectFrom('comments')
      .select('id')
      .where('cost_item_id', '=', itemId)
      .execute();
    expect(comments).toEqual([]);
  });
});
