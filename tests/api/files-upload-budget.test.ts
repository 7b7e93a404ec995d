import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUploadReplySchema } from '../../src/shared/schemas/proposal';
import { UNATTACHED_FILE_TTL_MS } from '../../src/server/proposals/housekeeping';
import {
  accountBudgetFull,
  UPLOADS_PAUSED,
  VISITOR_UPLOADS_PAUSED,
  visitorBudgetFull,
} from '../../src/server/proposals/upload-budget';
import { cookieJar, request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser } from './support/users';
import { pdf, png, pngBomb, storedFiles, upload, uploadForm } from './support/uploads';

/*
 * Decision 0088: uploads that nothing uses yet are bounded by bytes, per account, per client
 * address logged out, and for everyone together. The budgets are tightened to kilobytes here;
 * PDFs are stored as sent, so each one's size is exactly what counts.
 */

const DAY_S = UNATTACHED_FILE_TTL_MS / 1000;
const idOf = (body: unknown) => photoUploadReplySchema.parse(body).id;

/** A clock the test moves forward; real time otherwise, so sign-in links stay valid. */
function clock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };
}

describe('the upload budget of an account', () => {
  let t: TestApp;
  const time = clock();
  const LIMIT = 100_000;
  beforeAll(async () => {
    t = await startTestApp({ limits: { uploadBytesPerAccount: LIMIT }, now: time.now });
  });
  afterAll(() => t.close());

  it('takes uploads up to the budget, refuses the next with 429 and stores nothing; saving them in a proposal frees it; another account is unaffected', async () => {
    const me = await signedInUser(t, 'budget@example.com');
    const first = await upload(t, 'currentCondition', pdf(40_000), 'a.pdf', me);
    const second = await upload(t, 'currentCondition', pdf(40_000), 'b.pdf', me);
    expect([first.status, second.status]).toEqual([200, 200]);
    const before = storedFiles(t);

    const refused = await upload(t, 'currentCondition', pdf(40_000), 'c.pdf', me);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, message: accountBudgetFull(LIMIT) });
    expect(accountBudgetFull(LIMIT)).toMatch(/^Your uploads not yet saved in a proposal/);
    // Frees when the first upload ages out of the day (a second or two of the test has passed).
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(DAY_S - 60);
    expect(retry).toBeLessThanOrEqual(DAY_S);
    expect(storedFiles(t)).toEqual(before);
    // Up to the byte, then nothing: an image is refused before it is decoded (a PNG declaring a
    // huge canvas would otherwise be a 400).
    expect((await upload(t, 'currentCondition', pdf(20_000), 'd.pdf', me)).status).toBe(200);
    const bomb = await upload(t, 'groupImage', pngBomb(), 'p.png', me);
    expect(bomb.status).toBe(429);

    const other = await signedInUser(t, 'other@example.com');
    expect((await upload(t, 'currentCondition', pdf(90_000), 'o.pdf', other)).status).toBe(200);

    await createProposal(
      t,
      me,
      proposalInput({ currentConditionIds: [idOf(first.body), idOf(second.body)] }),
    );
    expect((await upload(t, 'currentCondition', pdf(40_000), 'c.pdf', me)).status).toBe(200);
  });

  it('frees the bytes of uploads older than a day, as housekeeping deletes them', async () => {
    const me = await signedInUser(t, 'aging@example.com');
    expect((await upload(t, 'currentCondition', pdf(90_000), 'a.pdf', me)).status).toBe(200);
    time.advance(60 * 60_000);
    const refused = await upload(t, 'currentCondition', pdf(20_000), 'b.pdf', me);
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(DAY_S - 3600 - 60);
    expect(retry).toBeLessThanOrEqual(DAY_S - 3600);
    time.advance(retry * 1000);
    expect((await upload(t, 'currentCondition', pdf(20_000), 'b.pdf', me)).status).toBe(200);
  });

  it('counts uploads sent at once one after another: the budget is never passed', async () => {
    const me = await signedInUser(t, 'racing@example.com');
    const statuses = await Promise.all(
      Array.from(
        { length: 6 },
        async (_, i) => (await upload(t, 'currentCondition', pdf(30_000), `${i}.pdf`, me)).status,
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });
});

/** Logged-out uploads are counted by client address; behind a trusted proxy the test picks it. */
describe('the upload budget of a logged-out client address', () => {
  let t: TestApp;
  const LIMIT = 50_000;
  beforeAll(async () => {
    t = await startTestApp({
      env: { TRUST_PROXY: '127.0.0.1' },
      limits: { uploadBytesPerVisitorClient: LIMIT },
    });
  });
  afterAll(() => t.close());

  const from = (ip: string, bytes: Buffer, jar = cookieJar()) =>
    request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
      body: uploadForm('currentCondition', bytes, 'a.pdf'),
      jar,
      headers: { 'x-forwarded-for': ip },
    });

  it('counts every browser of one address, used in a proposal or not; another address and a signed-in account are apart', async () => {
    const jar = cookieJar();
    const first = await from('203.0.113.7', pdf(30_000), jar);
    expect(first.status).toBe(200);
    const before = storedFiles(t);
    // A new browser (no upload cookie) at the same address.
    const refused = await from('203.0.113.7', pdf(30_000));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: visitorBudgetFull(LIMIT) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(DAY_S - 60);
    expect(storedFiles(t)).toEqual(before);

    // A visitor's proposal waits a week to be claimed: using the file in one frees nothing.
    const created = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ currentConditionIds: [idOf(first.body)] }),
      jar,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(created.status).toBe(201);
    expect((await from('203.0.113.7', pdf(30_000), jar)).status).toBe(429);

    expect((await from('203.0.113.8', pdf(30_000))).status).toBe(200);
    const user = await signedInUser(t, 'same-address@example.com');
    const signedIn = await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
      body: uploadForm('currentCondition', pdf(30_000), 'a.pdf'),
      cookie: user.cookie,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(signedIn.status).toBe(200);
  });
});

describe('the upload budget of everyone together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      limits: {
        uploadBytesPerAccount: 1_000_000,
        uploadBytesPerVisitorClient: 1_000_000,
        uploadBytesVisitorsStopAt: 100_000,
        uploadBytesEveryoneStopAt: 200_000,
      },
    });
  });
  afterAll(() => t.close());

  it('refuses logged-out uploads first, then every upload but a signature', async () => {
    const me = await signedInUser(t, 'together@example.com');
    expect((await upload(t, 'currentCondition', pdf(90_000), 'a.pdf', me)).status).toBe(200);
    expect(
      (await upload(t, 'currentCondition', pdf(5_000), 'v.pdf', { jar: cookieJar() })).status,
    ).toBe(200);

    const visitor = await upload(t, 'currentCondition', pdf(10_000), 'v.pdf', { jar: cookieJar() });
    expect(visitor.status).toBe(429);
    expect(visitor.body).toMatchObject({ message: VISITOR_UPLOADS_PAUSED });
    expect(visitor.headers.get('retry-after')).toBe('3600');

    expect((await upload(t, 'currentCondition', pdf(90_000), 'b.pdf', me)).status).toBe(200);
    const before = storedFiles(t);
    const paused = await upload(t, 'currentCondition', pdf(20_000), 'c.pdf', me);
    expect(paused.status).toBe(429);
    expect(paused.body).toMatchObject({ message: UPLOADS_PAUSED });
    expect(storedFiles(t)).toEqual(before);
    // Signing must not stop: a signature is a small PNG, and only its signer's budget applies.
    expect((await upload(t, 'signature', await png(), 'signature.png', me)).status).toBe(200);
  });
});
