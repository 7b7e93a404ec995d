/**
 * Housekeeping of product photos: an upload from an add-product form that was never saved is
 * removed after a day, row and bytes; a photo a product shows stays, whether it is a clipped
 * catalogue product's copy (attached to no proposal) or a hand-entered product's picture.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProposalHousekeeping } from '../../src/server/proposals/housekeeping';
import { productSchema } from '../../src/shared/schemas/products';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';
import { png, storedFiles, upload } from './support/uploads';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let clock = Date.now();
let shopServer: http.Server;
let shopUrl: string;
let casey: TestUser;

beforeAll(async () => {
  const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#a50' } })
    .jpeg()
    .toBuffer();
  shopServer = http.createServer((req, res) => {
    if (req.url === '/img/stool.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      return;
    }
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Elm Step Stool',
      image: `${shopUrl}/img/stool.jpg`,
      offers: { '@type': 'Offer', price: '59', priceCurrency: 'USD' },
    };
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`,
      );
  });
  await new Promise<void>((resolve) => shopServer.listen(0, '127.0.0.1', resolve));
  const { port } = shopServer.address() as AddressInfo;
  shopUrl = `http://127.0.0.1:${port}`;
  t = await startTestApp({ now: () => clock, env: { CLIP_ALLOW_HOSTS: `127.0.0.1:${port}` } });
  casey = await signedInUser(t, 'casey@example.com');
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => shopServer?.close(resolve));
});

async function uploadProductImage(): Promise<string> {
  const res = await upload(t, 'productImage', await png(), 'shelf.png', casey);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { id: string }).id;
}

async function storageKey(fileId: string): Promise<string | undefined> {
  const row = await t.app.ctx.db
    .selectFrom('files')
    .select('storage_key')
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row?.storage_key;
}

async function runLater(ms: number): Promise<void> {
  clock += ms;
  try {
    await runProposalHousekeeping(t.app.ctx);
  } finally {
    clock -= ms;
  }
}

describe('housekeeping of product photos', () => {
  it('removes an unused upload after a day and keeps every photo a product shows', async () => {
    const abandoned = await uploadProductImage();
    const abandonedKey = await storageKey(abandoned);

    const clipped = await request(t.baseUrl, 'POST', '/api/products/', {
      json: { url: `${shopUrl}/p/stool` },
      cookie: casey.cookie,
    });
    expect(clipped.status, JSON.stringify(clipped.body)).toBe(200);
    const catalogueImage = productSchema.parse(clipped.body).image.replace('/api/files/', '');
    const catalogueKey = await storageKey(catalogueImage);

    const proposalId = await createProposal(
      t,
      casey,
      proposalInput({
        costGroups: [
          {
            name: 'Storage',
            values: [{ name: 'Shelf', rawCost: '100', costType: 4, selection: true }],
          },
        ],
      }),
    );
    const item = await t.app.ctx.db
      .selectFrom('cost_items')
      .select('id')
      .where('proposal_id', '=', proposalId)
      .executeTakeFirstOrThrow();
    const manualImage = await uploadProductImage();
    const manual = await request(t.baseUrl, 'POST', '/api/products/', {
      json: {
        manual: true,
        costItemId: item.id,
        manualProductData: {
          productName: 'Oak Shelf',
          productURL: 'https://shop.example.com/oak-shelf',
          photoURL: '',
          imageFileId: manualImage,
          priceCents: 2500,
          currency: 'USD',
        },
      },
      cookie: casey.cookie,
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    const manualKey = await storageKey(manualImage);

    // Within the day, even the unused upload stays: its form may still be open.
    await runLater(DAY - 60_000);
    expect(await storageKey(abandoned)).toBe(abandonedKey);

    await runLater(DAY + 60_000);
    expect(await storageKey(abandoned)).toBeUndefined();
    const left = storedFiles(t);
    expect(left).not.toContain(abandonedKey);
    expect(left).toEqual(expect.arrayContaining([catalogueKey, manualKey]));

    // The catalogue photo is still readable by anyone, the hand-entered one by its proposal's owner.
    const anyoneRead = await request(t.baseUrl, 'GET', `/api/files/${catalogueImage}`);
    expect(anyoneRead.status).toBe(200);
    const ownerRead = await request(t.baseUrl, 'GET', `/api/files/${manualImage}`, {
      cookie: casey.cookie,
    });
    expect(ownerRead.status).toBe(200);
  });
});
