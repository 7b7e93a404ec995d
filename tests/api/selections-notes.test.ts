import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isResend } from '../../src/shared/domain/status';
import {
  FROZEN_AFTER_SIGNING,
  STALE_VERSION,
  proposalSchema,
  type Proposal,
} from '../../src/shared/schemas/proposal';
import { NOTE_CHANGED, NOTE_MAX, selectionsPageSchema } from '../../src/shared/schemas/selections';
import { request, startTestApp, type TestApp } from './support/test-app';
import { fullInput, homeownerOf, messageOf, signAs } from './support/signing';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * The item note on the shop page: the owner's, written only over the note they last saw, and a
 * plan edit like any other (a new version, the edited time, frozen once the homeowner signed).
 */

describe('item notes', () => {
  let t: TestApp;
  let owner: TestUser;
  // The clock moves on between steps, so "edited after sending" is never a tie.
  let offset = 0;

  beforeAll(async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
      now: () => Date.now() + offset,
    });
    owner = await signedInUser(t, 'notes-owner@example.com');
  });
  afterAll(() => t.close());

  async function load(id: string): Promise<Proposal> {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
    return proposalSchema.parse(res.body);
  }

  async function freshShop(): Promise<{ id: string; itemId: string }> {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          {
            name: 'Kitchens',
            values: [{ name: 'Faucet', rawCost: '300', selection: true, note: 'Chrome' }],
          },
        ],
      }),
    );
    return { id, itemId: (await load(id)).costGroups[0]!.values[0]!.id };
  }

  const putNote = (id: string, itemId: string, body: unknown, who: TestUser = owner) =>
    request(t.baseUrl, 'PUT', `/api/proposal/${id}/items/${itemId}/note`, {
      json: body,
      cookie: who.cookie,
    });

  it('saves the note over the one the owner saw, and the shop page and the plan show it', async () => {
    const { id, itemId } = await freshShop();
    const res = await putNote(id, itemId, { note: 'Brushed nickel, please', expected: 'Chrome' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ note: 'Brushed nickel, please' });
    const page = await request(t.baseUrl, 'GET', `/api/proposal/${id}/selections`, {
      cookie: owner.cookie,
    });
    expect(selectionsPageSchema.parse(page.body).groups[0]!.items[0]!.note).toBe(
      'Brushed nickel, please',
    );
    expect((await load(id)).costGroups[0]!.values[0]!.note).toBe('Brushed nickel, please');
  });

  it('answers 409 and keeps the stored note when someone changed it meanwhile', async () => {
    const { id, itemId } = await freshShop();
    expect((await putNote(id, itemId, { note: 'First', expected: 'Chrome' })).status).toBe(200);
    const version = (await load(id)).version;
    const stale = await putNote(id, itemId, { note: 'Second', expected: 'Chrome' });
    expect(stale.status).toBe(409);
    expect(messageOf(stale)).toBe(NOTE_CHANGED);
    const after = await load(id);
    expect(after.costGroups[0]!.values[0]!.note).toBe('First');
    expect(after.version).toBe(version);
  });

  it('is a plan edit: a new version, so an editor open on the old one gets 409, and Resend shows', async () => {
    const { id, itemId } = await freshShop();
    const homeowner = await homeownerOf(t, owner, id, 'note-home@example.com');
    offset += 5_000;
    const before = await load(id);
    expect(isResend(before.events)).toBe(false);

    expect((await putNote(id, itemId, { note: 'Matte black', expected: 'Chrome' })).status).toBe(
      200,
    );
    const after = await load(id);
    expect(after.version).toBe(before.version + 1);
    expect(isResend(after.events)).toBe(true);

    // The editor still holds the old version and the old note: its save must not win.
    const save = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: fullInput(before),
      cookie: owner.cookie,
    });
    expect(save.status).toBe(409);
    expect(messageOf(save)).toBe(STALE_VERSION);
    expect((await load(id)).costGroups[0]!.values[0]!.note).toBe('Matte black');

    // Members read the note but do not write it.
    const member = await putNote(id, itemId, { note: 'x', expected: 'Matte black' }, homeowner);
    expect(member.status).toBe(403);
  });

  it('saving the note that is already there changes nothing, not even the version', async () => {
    const { id, itemId } = await freshShop();
    const version = (await load(id)).version;
    const res = await putNote(id, itemId, { note: 'Chrome', expected: 'Chrome' });
    expect(res.status).toBe(200);
    expect((await load(id)).version).toBe(version);
  });

  it('is frozen once the homeowner has signed, with the message of a plan save', async () => {
    const { id, itemId } = await freshShop();
    const homeowner = await homeownerOf(t, owner, id, 'note-signer@example.com');
    expect((await signAs(t, homeowner, id, 'homeowner')).status).toBe(200);
    const res = await putNote(id, itemId, { note: 'Gold', expected: 'Chrome' });
    expect(res.status).toBe(409);
    expect(messageOf(res)).toBe(FROZEN_AFTER_SIGNING);
    const page = await request(t.baseUrl, 'GET', `/api/proposal/${id}/selections`, {
      cookie: owner.cookie,
    });
    expect(selectionsPageSchema.parse(page.body).canEditNotes).toBe(false);
    expect((await load(id)).costGroups[0]!.values[0]!.note).toBe('Chrome');
  });

  it('validates the body with readable messages', async () => {
    const { id, itemId } = await freshShop();
    const long = await putNote(id, itemId, { note: 'x'.repeat(NOTE_MAX + 1), expected: 'Chrome' });
    expect(long.status).toBe(400);
    expect(messageOf(long)).toBe(`A note can be at most ${NOTE_MAX} characters.`);
    const missing = await putNote(id, itemId, { note: 'x' });
    expect(missing.status).toBe(400);
    expect(messageOf(missing)).toMatch(/^expected/);
  });
});
