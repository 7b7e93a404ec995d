import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema, type Proposal } from '../../src/shared/schemas/proposal';
import { optionSchema } from '../../src/shared/schemas/selections';
import { insertProduct } from './support/products';
import { fullInput, homeownerOf } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { png, upload } from './support/uploads';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * The plan of GET /api/proposal/:id is kept in parts, one per cost group (decision 0043): a note
 * or an option builds its group's part again, any other write all of them. Each test reads (so
 * parts are kept), writes, and reads again: the next read shows the write, its bytes differ, the
 * other groups are as they were, and the bytes are those an instance that kept nothing answers.
 */
describe('proposal reply parts per cost group are never stale', () => {
  let t: TestApp;
  let owner: TestUser;
  let homeowner: TestUser;
  let id: string;
  let productId: string;

  beforeAll(async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    owner = await signedInUser(t, 'parts-owner@example.com', 'contractor', { reassign: true });
    id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          {
            name: 'Kitchen',
            values: [
              { name: 'Faucet', rawCost: '300', selection: true },
              { name: 'Sink', rawCost: '450', selection: true },
            ],
          },
          {
            name: 'Bath',
            values: [
              { name: 'Tub', rawCost: '900', selection: true },
              { name: 'Tiles', rawCost: '1200', selection: false },
            ],
          },
          { name: 'Deck', values: [{ name: 'Boards', rawCost: '2400', selection: true }] },
        ],
      }),
    );
    homeowner = await homeownerOf(t, owner, id, 'parts-home@example.com');
    productId = await insertProduct(t, {
      title: 'Clawfoot tub',
      image_url: '/catalogue/{id}.png',
      price_cents: 129_900,
      manual: 0,
      catalogue: 1,
      created_by: null,
    });
  });
  afterAll(() => t.close());

  interface Read {
    proposal: Proposal;
    etag: string;
    body: string;
  }

  async function readOn(app: TestApp, who: TestUser, encoding: string): Promise<Read> {
    const res = await fetch(`${app.baseUrl}/api/proposal/${id}`, {
      headers: { cookie: who.cookie ?? '', 'accept-encoding': encoding },
    });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    return {
      proposal: proposalSchema.parse(JSON.parse(body)),
      etag: res.headers.get('etag') ?? '',
      body,
    };
  }

  /** The homeowner's and the owner's reads, each in every encoding, all the same JSON. */
  async function read(): Promise<Read> {
    const reads: Read[] = [];
    for (const who of [homeowner, owner]) {
      for (const encoding of ['br', 'gzip', 'identity']) reads.push(await readOn(t, who, encoding));
    }
    const [first] = reads;
    for (const r of reads.slice(1, 3)) expect(r.body).toBe(first!.body);
    for (const r of reads.slice(4)) expect(r.body).toBe(reads[3]!.body);
    expect(reads[3]!.proposal.costGroups).toEqual(first!.proposal.costGroups);
    return first!;
  }

  /** What an instance that kept nothing answers the homeowner now: the same bytes. */
  async function expectAsFresh(current: Read): Promise<void> {
    const fresh = await startTestApp({ sameDatabaseAs: t });
    try {
      expect((await readOn(fresh, homeowner, 'identity')).body).toBe(current.body);
    } finally {
      await fresh.close();
    }
  }

  /** Reads after `write`: a new reply, whose groups other than `changed` are as they were. */
  async function afterWrite(
    before: Read,
    write: () => Promise<{ status: number; body: unknown }>,
    changed: readonly string[] | 'all',
  ): Promise<Read> {
    const res = await write();
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const after = await read();
    expect(after.etag).not.toBe(before.etag);
    if (changed !== 'all') {
      const was = new Map(before.proposal.costGroups.map((g) => [g.id, g]));
      for (const group of after.proposal.costGroups) {
        if (!changed.includes(group.name)) expect(group).toEqual(was.get(group.id));
      }
    }
    return after;
  }

  const group = (r: Read, name: string) => r.proposal.costGroups.find((g) => g.name === name)!;
  const item = (r: Read, groupName: string, itemName: string) =>
    group(r, groupName).values.find((v) => v.name === itemName)!;

  const note = (itemId: string, next: string, expected: string) => () =>
    request(t.baseUrl, 'PUT', `/api/proposal/${id}/items/${itemId}/note`, {
      json: { note: next, expected },
      cookie: owner.cookie,
    });

  /** The owner's save of the plan as it is now, changed by `change`. */
  const save = (change: (p: Proposal) => void) => async () => {
    const next = (await readOn(t, owner, 'identity')).proposal;
    change(next);
    return request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: fullInput(next),
      cookie: owner.cookie,
    });
  };

  /** The bytes as they came, with node:http (fetch would decode them). */
  function raw(who: TestUser, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const req = http.get(
          new URL(`/api/proposal/${id}`, t.baseUrl),
          { headers: { cookie: who.cookie ?? '', ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
      },
    );
  }

  it('sends gzip made from its parts to a browser: the very JSON sent uncompressed, one ETag, 304; Brotli once read again', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    for (let round = 0; round < 2; round++) {
      for (const who of [homeowner, owner]) {
        const plain = await raw(who, { 'accept-encoding': 'identity' });
        const gzipped = await raw(who, browser);
        expect(gzipped.status).toBe(200);
        expect(gzipped.headers['content-encoding']).toBe('gzip');
        expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
        expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
        expect(gzipped.body.length).toBeLessThan(plain.body.length);
        expect(gzipped.headers.etag).toBe(plain.headers.etag);
        const again = await raw(who, { ...browser, 'if-none-match': plain.headers.etag ?? '' });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
        // A client without gzip gets Brotli as before, the same JSON.
        const br = await raw(who, { 'accept-encoding': 'br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      }
      // Read again, the same version is worth Brotli's smaller bytes, made for the reads after.
      const plain = await raw(homeowner, { 'accept-encoding': 'identity' });
      await expect
        .poll(async () => (await raw(homeowner, browser)).headers['content-encoding'], {
          timeout: 15_000,
        })
        .toBe('br');
      const smaller = await raw(homeowner, browser);
      expect(zlib.brotliDecompressSync(smaller.body).equals(plain.body)).toBe(true);
      expect(smaller.headers.etag).toBe(plain.headers.etag);
      // A note: one group's part is new, the others' compressed data is reused.
      const tub = item(await read(), 'Bath', 'Tub');
      const res = await note(tub.id, round ? '' : 'Enamel', round ? 'Enamel' : '')();
      expect(res.status).toBe(200);
    }
  });

  it('shows a note, an option added and removed, in their group alone, at once', async () => {
    const start = await read();
    const tub = item(start, 'Bath', 'Tub');
    const noted = await afterWrite(start, note(tub.id, 'Cast iron', ''), ['Bath']);
    expect(item(noted, 'Bath', 'Tub').note).toBe('Cast iron');

    const boards = item(noted, 'Deck', 'Boards');
    let option = '';
    const added = await afterWrite(noted, async () => {
      const res = await request(t.baseUrl, 'POST', `/api/proposal/${id}/addProduct/`, {
        json: { costItemId: boards.id, productId },
        cookie: homeowner.cookie,
      });
      option = optionSchema.parse(res.body).id;
      return res;
    }, ['Deck']);
    expect(item(added, 'Deck', 'Boards').optionCount).toBe(1);
    const removed = await afterWrite(
      added,
      () =>
        request(t.baseUrl, 'DELETE', `/api/proposal/${id}/options/${option}`, {
          cookie: homeowner.cookie,
        }),
      ['Deck'],
    );
    expect(item(removed, 'Deck', 'Boards').optionCount).toBe(0);

    // Back to the first note: the plan is the first read's again, every group of it.
    const back = await afterWrite(removed, note(tub.id, '', 'Cast iron'), ['Bath']);
    expect(back.proposal.costGroups).toEqual(start.proposal.costGroups);
    await expectAsFresh(back);
  });

  it('shows each save at once: an item edited, groups reordered, an item moved, groups removed and added', async () => {
    const start = await read();
    const edited = await afterWrite(
      start,
      save((p) => {
        p.costGroups[0]!.values[1]!.name = 'Double sink';
      }),
      ['Kitchen'],
    );
    expect(group(edited, 'Kitchen').values.map((v) => v.name)).toEqual(['Faucet', 'Double sink']);

    const reordered = await afterWrite(
      edited,
      save((p) => p.costGroups.reverse()),
      [],
    );
    expect(reordered.proposal.costGroups.map((g) => g.name)).toEqual(['Deck', 'Bath', 'Kitchen']);

    const moved = await afterWrite(
      reordered,
      save((p) => {
        const tiles = p.costGroups[1]!.values.splice(1, 1)[0]!;
        p.costGroups[0]!.values.push(tiles);
      }),
      ['Deck', 'Bath'],
    );
    expect(group(moved, 'Deck').values.map((v) => v.name)).toEqual(['Boards', 'Tiles']);
    expect(group(moved, 'Bath').values.map((v) => v.name)).toEqual(['Tub']);

    const regrouped = await afterWrite(
      moved,
      save((p) => {
        p.costGroups.splice(1, 1);
        p.costGroups.push({
          ...structuredClone(p.costGroups[0]!),
          id: '',
          _id: '',
          name: 'Porch',
          values: [{ ...p.costGroups[0]!.values[0]!, id: '', _id: '', name: 'Railing', note: '' }],
        });
      }),
      'all',
    );
    expect(regrouped.proposal.costGroups.map((g) => g.name)).toEqual(['Deck', 'Kitchen', 'Porch']);
    expect(group(regrouped, 'Porch').values.map((v) => v.name)).toEqual(['Railing']);
    expect(group(regrouped, 'Deck')).toEqual(group(moved, 'Deck'));
    expect(group(regrouped, 'Kitchen')).toEqual(group(moved, 'Kitchen'));
    await expectAsFresh(regrouped);
  });

  it('shows a group image attached by a save, and gone once its file is deleted', async () => {
    const start = await read();
    const uploaded = await upload(t, 'groupImage', await png(), 'porch.png', owner);
    expect(uploaded.status).toBe(200);
    const fileId = (uploaded.body as { id: string }).id;
    const attached = await afterWrite(start, () => {
      const input = fullInput(start.proposal);
      input.costGroups![2]!.imageIds = [fileId];
      return request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
        json: input,
        cookie: owner.cookie,
      });
    }, [start.proposal.costGroups[2]!.name]);
    expect(attached.proposal.costGroups[2]!.images.map((f) => f.id)).toEqual([fileId]);
    const deleted = await afterWrite(
      attached,
      () => request(t.baseUrl, 'DELETE', `/api/files/${fileId}`, { cookie: owner.cookie }),
      [start.proposal.costGroups[2]!.name],
    );
    expect(deleted.proposal.costGroups[2]!.images).toEqual([]);
    await expectAsFresh(deleted);
  });

  it('shows its files after header changes and notes: kept with the plan, never stale (0045)', async () => {
    const toggle = () =>
      request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id },
        cookie: owner.cookie,
      });
    const start = await read();
    const uploaded = await upload(t, 'currentCondition', await png(), 'before.png', owner);
    expect(uploaded.status).toBe(200);
    const fileId = (uploaded.body as { id: string }).id;
    const attached = await afterWrite(
      start,
      // The save sends the ids of the files shown (fullInput).
      save((p) => {
        p.currentCondition = [{ id: fileId } as Proposal['currentCondition'][number]];
      }),
      [],
    );
    expect(attached.proposal.currentCondition.map((f) => f.id)).toEqual([fileId]);
    // A header change and a note keep the files: still shown, as an instance that kept nothing.
    const toggled = await afterWrite(attached, toggle, []);
    expect(toggled.proposal.currentCondition.map((f) => f.id)).toEqual([fileId]);
    const kitchen = group(toggled, 'Kitchen').values[0]!;
    const noted = await afterWrite(toggled, note(kitchen.id, `${kitchen.note}!`, kitchen.note), [
      'Kitchen',
    ]);
    expect(noted.proposal.currentCondition.map((f) => f.id)).toEqual([fileId]);
    await expectAsFresh(noted);
    // The file removed, then a header change: gone, and stays gone.
    const removed = await afterWrite(
      noted,
      () => request(t.baseUrl, 'DELETE', `/api/files/${fileId}`, { cookie: owner.cookie }),
      [],
    );
    expect(removed.proposal.currentCondition).toEqual([]);
    const toggledBack = await afterWrite(removed, toggle, []);
    expect(toggledBack.proposal.currentCondition).toEqual([]);
    await expectAsFresh(toggledBack);
  });

  it('shows notes, saves and header changes in any order, each at once', async () => {
    let current = await read();
    const first = current.proposal.costGroups[0]!;
    const railing = current.proposal.costGroups[2]!.values[0]!;
    const steps: [() => Promise<{ status: number; body: unknown }>, (r: Read) => void][] = [
      [
        note(first.values[0]!.id, 'One', ''),
        (r) => expect(r.proposal.costGroups[0]!.values[0]!.note).toBe('One'),
      ],
      [
        save((p) => {
          p.costGroups[0]!.values[0]!.note = 'One';
          p.costGroups[0]!.name = `${first.name} renamed`;
        }),
        (r) => expect(r.proposal.costGroups[0]!.name).toBe(`${first.name} renamed`),
      ],
      [
        note(first.values[0]!.id, 'Two', 'One'),
        (r) => expect(r.proposal.costGroups[0]!.values[0]!.note).toBe('Two'),
      ],
      [
        () =>
          request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
            json: { id },
            cookie: owner.cookie,
          }),
        (r) => expect(r.proposal.isPublic).toBe(true),
      ],
      [
        note(railing.id, 'Black', ''),
        (r) => expect(r.proposal.costGroups[2]!.values[0]!.note).toBe('Black'),
      ],
      [
        note(first.values[0]!.id, 'One', 'Two'),
        (r) => expect(r.proposal.costGroups[0]!.values[0]!.note).toBe('One'),
      ],
    ];
    for (const [write, check] of steps) {
      current = await afterWrite(current, write, 'all');
      check(current);
    }
    expect(current.proposal.costGroups[2]!.values[0]!.note).toBe('Black');
    expect(current.proposal.costGroups[0]!.name).toBe(`${first.name} renamed`);
    await expectAsFresh(current);
  });
});
