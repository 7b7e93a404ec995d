/**
 * Adding and editing products make this server fetch and decode other sites' pages and images
 * (a clip, a Photo URL), so each of those routes allows one person the same number of requests
 * per window (CLIPS_PER_WINDOW), counted per account rather than per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIPS_PER_WINDOW } from '../../src/server/products/routes';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';

let t: TestApp;
let busy: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  busy = await signedInUser(t, 'busy@example.com');
  other = await signedInUser(t, 'other@example.com');
});
afterAll(async () => {
  await t?.close();
});

const form = {
  productName: 'Oak Shelf',
  productURL: 'https://shop.example.com/oak-shelf',
  photoURL: 'https://shop.example.com/oak-shelf.jpg',
  imageFileId: null,
  priceCents: 2500,
  currency: 'USD',
};

const edit = (who: TestUser) =>
  request<{ message?: string }>(
    t.baseUrl,
    'PUT',
    '/api/products/00000000-0000-4000-8000-000000000009',
    { json: form, cookie: who.cookie },
  );

describe('editing products', () => {
  it('allows one person a window of edits, then answers 429; another person is not held back', async () => {
    for (let i = 0; i < CLIPS_PER_WINDOW.max; i++) {
      const res = await edit(busy);
      expect(res.status, `edit ${i + 1}`).toBe(404);
    }
    const limited = await edit(busy);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds/);

    expect((await edit(other)).status).toBe(404);
  });
});
