import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION, proposalSchema } from '../../src/shared/schemas/proposal';
import { ALREADY_ON_ITEM, commentSchema, optionSchema } from '../../src/shared/schemas/selections';
import { ALREADY_SIGNED, signReplySchema } from '../../src/shared/schemas/signing';
import { BAD_KEY, KEY_REUSED } from '../../src/server/idempotency/keys';
import { runProposalHousekeeping } from '../../src/server/proposals/housekeeping';
import { request, startTestApp, type TestApp } from './support/test-app';
import { homeownerOf, messageOf, proposalVersion, uploadSignature } from './support/signing';
import { insertProduct } from './support/products';
import {
  addMember,
  asInput,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';

/*
 * Idempotent saves (issue 18, decision 0015): a save whose answer was lost is sent again with the
 * same Idempotency-Key and gets the first answer, with one change in the database; another key
 * from a stale version still gets the 409. "Answer lost" is simulated as a client sees it: the
 * first answer is ignored and the same request is sent again. Runs on SQLite and PostgreSQL.
 */

describe('idempotent saves', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    owner = await signedInUser(t, 'casey@example.com');
    stranger = await signedInUser(t, 'other-contractor@example.com', 'contractor', {
      name: 'Olga Other',
    });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const send = (method: 'POST' | 'PUT', path: string, who: TestUser, json: unknown, key?: string) =>
    request(t.baseUrl, method, path, {
      json,
      cookie: who.cookie,
      headers: key ? { 'idempotency-key': key } : undefined,
    });
  const load = async (id: string) =>
    proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie })).body,
    );
  const ownedCount = async (who: TestUser) =>
    Number(
      (
        await db()
          .selectFrom('proposals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', who.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('create (POST /api/proposal)', () => {
    it('a retry with the same key answers 201 with the same id and creates one proposal', async () => {
      const key = randomUUID();
      const before = await ownedCount(owner);
      const body = proposalInput({ projectName: 'Retried create' });
      await send('POST', '/api/proposal', owner, body, key); // the answer is lost
      const retry = await send('POST', '/api/proposal', owner, body, key);
      expect(retry.status).toBe(201);
      expect(await ownedCount(owner)).toBe(before + 1);
      const only = await db()
        .selectFrom('proposals')
        .select('id')
        .where('owner_id', '=', owner.id)
        .where('project_name', '=', 'Retried create')
        .execute();
      expect(only.map((r) => r.id)).toEqual([retry.body]);

      // A new action (new key) creates a new proposal, as before.
      const other = await send('POST', '/api/proposal', owner, body, randomUUID());
      expect(other.status).toBe(201);
      expect(other.body).not.toBe(retry.body);
      expect(await ownedCount(owner)).toBe(before + 2);
    });

    it('two requests with one key at once still create one proposal', async () => {
      const key = randomUUID();
      const before = await ownedCount(owner);
      const body = proposalInput({ projectName: 'Racing create' });
      const [a, b] = await Promise.all([
        send('POST', '/api/proposal', owner, body, key),
        send('POST', '/api/proposal', owner, body, key),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body).toBe(b.body);
      expect(await ownedCount(owner)).toBe(before + 1);
    });

    it('a key used for another request is 422 and creates nothing; keys are per user', async () => {
      const key = randomUUID();
      const first = await send('POST', '/api/proposal', owner, proposalInput(), key);
      expect(first.status).toBe(201);
      const before = await ownedCount(owner);
      const changed = await send(
        'POST',
        '/api/proposal',
        owner,
        proposalInput({ projectName: 'Something else' }),
        key,
      );
      expect(changed.status).toBe(422);
      expect(messageOf(changed)).toBe(KEY_REUSED);
      expect(JSON.stringify(changed.body)).not.toContain(first.body as string);
      expect(await ownedCount(owner)).toBe(before);

      // Another user sending the same key gets a proposal of their own, not the first one.
      const theirs = await send('POST', '/api/proposal', stranger, proposalInput(), key);
      expect(theirs.status).toBe(201);
      expect(theirs.body).not.toBe(first.body);
    });

    it('refuses a key that is not a UUID with 400, and creates nothing', async () => {
      const before = await ownedCount(owner);
      const res = await send('POST', '/api/proposal', owner, proposalInput(), 'not-a-uuid');
      expect(res.status).toBe(400);
      expect(messageOf(res)).toBe(BAD_KEY);
      expect(await ownedCount(owner)).toBe(before);
    });
  });

  describe('update (PUT /api/proposal/{id})', () => {
    it('a retry of a committed save answers 200 with the saved proposal, not 409; one new version', async () => {
      const id = await createProposal(t, owner);
      const body = { ...asInput(await load(id)), projectName: 'Saved once' };
      const key = randomUUID();
      await send('PUT', `/api/proposal/${id}`, owner, body, key); // the answer is lost
      const retry = await send('PUT', `/api/proposal/${id}`, owner, body, key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body).toMatchObject({ id, version: 2, projectName: 'Saved once' });
      expect(await proposalVersion(t, id)).toBe(2);

      // The same stale change under another key, or none, is still a genuine conflict.
      const otherKey = await send('PUT', `/api/proposal/${id}`, owner, body, randomUUID());
      expect(otherKey.status).toBe(409);
      expect(messageOf(otherKey)).toBe(STALE_VERSION);
      const noKey = await send('PUT', `/api/proposal/${id}`, owner, body);
      expect(noKey.status).toBe(409);
      expect(await proposalVersion(t, id)).toBe(2);
    });

    it('a retry after a later save answers the proposal as it is now', async () => {
      const id = await createProposal(t, owner);
      const body = { ...asInput(await load(id)), projectName: 'First' };
      const key = randomUUID();
      await send('PUT', `/api/proposal/${id}`, owner, body, key);
      const later = { ...asInput(await load(id)), projectName: 'Second' };
      expect((await send('PUT', `/api/proposal/${id}`, owner, later, randomUUID())).status).toBe(
        200,
      );
      const retry = await send('PUT', `/api/proposal/${id}`, owner, body, key);
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ id, version: 3, projectName: 'Second' });
      expect(await proposalVersion(t, id)).toBe(3);
    });

    it('two saves with one key at once: both 200, one new version', async () => {
      const id = await createProposal(t, owner);
      const body = { ...asInput(await load(id)), projectName: 'Racing save' };
      const key = randomUUID();
      const [a, b] = await Promise.all([
        send('PUT', `/api/proposal/${id}`, owner, body, key),
        send('PUT', `/api/proposal/${id}`, owner, body, key),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(await proposalVersion(t, id)).toBe(2);
    });

    it('a key reused on another proposal or by another user reveals and changes nothing', async () => {
      const first = await createProposal(t, owner, proposalInput({ projectName: 'Private A' }));
      const second = await createProposal(t, owner, proposalInput({ projectName: 'Private B' }));
      const key = randomUUID();
      const saved = await send(
        'PUT',
        `/api/proposal/${first}`,
        owner,
        { ...asInput(await load(first)), projectName: 'Private A2' },
        key,
      );
      expect(saved.status).toBe(200);

      const onSecond = await send(
        'PUT',
        `/api/proposal/${second}`,
        owner,
        { ...asInput(await load(second)), projectName: 'B changed' },
        key,
      );
      expect(onSecond.status).toBe(422);
      expect(JSON.stringify(onSecond.body)).not.toMatch(/Private A2|${first}/);
      expect((await load(second)).projectName).toBe('Private B');

      // The stranger replays the owner's very request and key: not the owner's answer, a 404.
      const replayed = await send(
        'PUT',
        `/api/proposal/${first}`,
        stranger,
        { ...asInput(await load(first)), version: 1, projectName: 'Private A2' },
        key,
      );
      expect(replayed.status).toBe(404);
      expect(JSON.stringify(replayed.body)).not.toContain('Private A2');
    });

    it('a key older than a day is ignored: the stale retry is a 409 again', async () => {
      const id = await createProposal(t, owner);
      const body = { ...asInput(await load(id)), projectName: 'Yesterday' };
      const key = randomUUID();
      expect((await send('PUT', `/api/proposal/${id}`, owner, body, key)).status).toBe(200);
      expect((await send('PUT', `/api/proposal/${id}`, owner, body, key)).status).toBe(200);
      await db()
        .updateTable('idempotency_keys')
        .set({ created_at: Date.now() - 25 * 60 * 60_000 })
        .where('key', '=', key)
        .execute();
      const retry = await send('PUT', `/api/proposal/${id}`, owner, body, key);
      expect(retry.status).toBe(409);
      expect(messageOf(retry)).toBe(STALE_VERSION);

      // Housekeeping clears the old key and keeps a fresh one.
      const fresh = randomUUID();
      const later = { ...asInput(await load(id)), projectName: 'Today' };
      expect((await send('PUT', `/api/proposal/${id}`, owner, later, fresh)).status).toBe(200);
      await runProposalHousekeeping(t.app.ctx);
      const left = await db()
        .selectFrom('idempotency_keys')
        .select('key')
        .where('key', 'in', [key, fresh])
        .execute();
      expect(left.map((r) => r.key)).toEqual([fresh]);
    });
  });

  /** A proposal with one selection item. */
  async function shop(): Promise<{ id: string; itemId: string }> {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          { name: 'Kitchens', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
        ],
      }),
    );
    return { id, itemId: (await load(id)).costGroups[0]!.values[0]!.id };
  }

  describe('add option (POST /api/proposal/{id}/addProduct)', () => {
    it('a retry answers the same option, not 409; one option stored', async () => {
      const { id, itemId } = await shop();
      seq += 1;
      const productId = await insertProduct(t, {
        title: `Faucet ${seq}`,
        image_url: '/catalogue/{id}.png',
        price_cents: 24_950,
        manual: 0,
        catalogue: 1,
        created_by: null,
      });
      const body = { costItemId: itemId, productId };
      const key = randomUUID();
      const first = await send('POST', `/api/proposal/${id}/addProduct/`, owner, body, key);
      const retry = await send('POST', `/api/proposal/${id}/addProduct/`, owner, body, key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(optionSchema.parse(retry.body)).toEqual(optionSchema.parse(first.body));
      const options = await db()
        .selectFrom('options')
        .select('id')
        .where('cost_item_id', '=', itemId)
        .execute();
      expect(options.map((o) => o.id)).toEqual([optionSchema.parse(retry.body).id]);

      const otherKey = await send(
        'POST',
        `/api/proposal/${id}/addProduct/`,
        owner,
        body,
        randomUUID(),
      );
      expect(otherKey.status).toBe(409);
      expect(messageOf(otherKey)).toBe(ALREADY_ON_ITEM);
    });
  });

  describe('comment (POST /api/proposal/{id}/items/{itemId}/comments)', () => {
    it('a retry answers the first comment and adds no second one', async () => {
      const { id, itemId } = await shop();
      const path = `/api/proposal/${id}/items/${itemId}/comments`;
      const body = { content: 'Brushed nickel, please.' };
      const key = randomUUID();
      const first = await send('POST', path, owner, body, key);
      const retry = await send('POST', path, owner, body, key);
      expect(retry.status).toBe(201);
      expect(commentSchema.parse(retry.body)).toEqual(commentSchema.parse(first.body));
      const count = async () =>
        (
          await db()
            .selectFrom('comments')
            .select('id')
            .where('cost_item_id', '=', itemId)
            .execute()
        ).length;
      expect(await count()).toBe(1);

      // The same words as a new action (new key) are a second comment.
      expect((await send('POST', path, owner, body, randomUUID())).status).toBe(201);
      expect(await count()).toBe(2);
    });
  });

  describe('a replay is checked like a first try', () => {
    it('a member removed since the first comment gets 404, not the recorded comment', async () => {
      const { id, itemId } = await shop();
      seq += 1;
      const member = await signedInUser(t, `removed-member${seq}@example.com`, 'homeowner');
      await addMember(t, id, member.id, 'invitee');
      const path = `/api/proposal/${id}/items/${itemId}/comments`;
      const body = { content: 'The darker tile, please.' };
      const key = randomUUID();
      expect((await send('POST', path, member, body, key)).status).toBe(201);

      const removed = await request(
        t.baseUrl,
        'DELETE',
        `/api/proposal/${id}/members/${member.id}`,
        {
          cookie: owner.cookie,
        },
      );
      expect(removed.status).toBe(200);
      const replay = await send('POST', path, member, body, key);
      expect(replay.status).toBe(404);
      expect(JSON.stringify(replay.body)).not.toContain('darker tile');
    });

    it('on a public proposal, a member removed since gets 403 for a replayed comment or option', async () => {
      const { id, itemId } = await shop();
      await db().updateTable('proposals').set({ is_public: 1 }).where('id', '=', id).execute();
      seq += 1;
      const member = await signedInUser(t, `removed-public${seq}@example.com`, 'homeowner');
      await addMember(t, id, member.id, 'invitee');
      const commentPath = `/api/proposal/${id}/items/${itemId}/comments`;
      const comment = { content: 'The lighter grout, please.' };
      const commentKey = randomUUID();
      expect((await send('POST', commentPath, member, comment, commentKey)).status).toBe(201);
      const productId = await insertProduct(t, {
        title: `Public faucet ${seq}`,
        image_url: '/catalogue/{id}.png',
        price_cents: 12_500,
      });
      const optionPath = `/api/proposal/${id}/addProduct`;
      const option = { costItemId: itemId, productId };
      const optionKey = randomUUID();
      expect((await send('POST', optionPath, member, option, optionKey)).status).toBe(201);

      const removed = await request(
        t.baseUrl,
        'DELETE',
        `/api/proposal/${id}/members/${member.id}`,
        {
          cookie: owner.cookie,
        },
      );
      expect(removed.status).toBe(200);
      // Still a reader of the public proposal, no longer one who may change it: as a first try.
      for (const [path, body, key] of [
        [commentPath, comment, commentKey],
        [optionPath, option, optionKey],
      ] as const) {
        const replay = await send('POST', path, member, body, key);
        expect(replay.status).toBe(403);
        expect(JSON.stringify(replay.body)).not.toContain('lighter grout');
      }
    });
  });

  describe('send (POST /api/proposal/send)', () => {
    it('a retry answers the first send and e-mails once', async () => {
      const id = await createProposal(t, owner);
      seq += 1;
      const to = `retried-send${seq}@example.com`;
      const body = { proposalId: id, to, homeownersName: 'Hana', message: 'Here it is.' };
      const key = randomUUID();
      const first = await send('POST', '/api/proposal/send', owner, body, key);
      const retry = await send('POST', '/api/proposal/send', owner, body, key);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      const mails = await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', to)
        .execute();
      expect(mails).toHaveLength(1);
    });
  });

  describe('sign (POST /api/proposal/sign/{id})', () => {
    it("a retry answers the first signedAt instead of 'Already signed.'", async () => {
      const id = await createProposal(t, owner);
      seq += 1;
      await homeownerOf(t, owner, id, `signing-home${seq}@example.com`);
      const fileId = await uploadSignature(t, owner);
      const body = {
        fileId,
        role: 'contractor',
        consent: true,
        version: await proposalVersion(t, id),
      };
      const key = randomUUID();
      const first = await send('POST', `/api/proposal/sign/${id}`, owner, body, key);
      const retry = await send('POST', `/api/proposal/sign/${id}`, owner, body, key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(signReplySchema.parse(retry.body)).toEqual(signReplySchema.parse(first.body));
      const signatures = await db()
        .selectFrom('signatures')
        .select('id')
        .where('proposal_id', '=', id)
        .execute();
      expect(signatures).toHaveLength(1);

      const otherKey = await send('POST', `/api/proposal/sign/${id}`, owner, body, randomUUID());
      expect(otherKey.status).toBe(409);
      expect(messageOf(otherKey)).toBe(ALREADY_SIGNED);
    });
  });
});
