import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, replyData, UNREACHABLE, UnexpectedReply } from './api';

/** Decision 0015: the Idempotency-Key a save carries, and when it is reused. */
describe('api idempotency keys', () => {
  const sent: (string | null)[] = [];
  function answer(...replies: (number | 'offline')[]) {
    const fetchMock = vi.fn((_path: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      sent.push(headers.get('idempotency-key'));
      const next = replies.shift() ?? 200;
      if (next === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(new Response('{}', { status: next }));
    });
    vi.stubGlobal('fetch', fetchMock);
  }
  afterEach(() => {
    sent.length = 0;
    vi.unstubAllGlobals();
  });

  it('reuses the key when the same save is sent again after no answer or a 5xx', async () => {
    answer('offline', 503, 200);
    const save = () => api('/api/proposal/p1', { method: 'PUT', body: { a: 1 }, idempotent: true });
    await expect(save()).rejects.toMatchObject({ status: 0 });
    await expect(save()).rejects.toMatchObject({ status: 503 });
    await save();
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toEqual([sent[0], sent[0], sent[0]]);
  });

  it('makes the key from getRandomValues where randomUUID is missing (plain HTTP)', async () => {
    // randomUUID is [SecureContext]; getRandomValues is there on a LAN address too.
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    answer('offline', 200);
    const sign = () => api('/api/proposal/sign/p4', { body: { fileId: 'f1' }, idempotent: true });
    await expect(sign()).rejects.toMatchObject({ status: 0 });
    await sign();
    expect(sent[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(sent).toEqual([sent[0], sent[0]]);
  });

  it('sends a fresh key for a new action: after an answer, or with another body', async () => {
    answer(200, 409, 'offline', 'offline');
    const save = (body: unknown) =>
      api('/api/proposal/p2', { method: 'PUT', body, idempotent: true }).catch(() => undefined);
    await save({ a: 1 });
    await save({ a: 1 });
    await save({ a: 1 });
    await save({ a: 2 });
    expect(new Set(sent).size).toBe(4);
  });

  it('sends no key on other calls', async () => {
    answer(200);
    await api('/api/proposal/p3', { method: 'PUT', body: { a: 1 } });
    expect(sent).toEqual([null]);
  });
});

/** What a reply gives the app, however it was fetched (decision 0068: the link page's first script). */
describe('replyData', () => {
  it("answers a 2xx reply's JSON, or its text when it is not JSON", () => {
    expect(replyData(200, '{"user":{"_id":"u1"}}')).toEqual({ user: { _id: 'u1' } });
    expect(replyData(204, '')).toBeUndefined();
    expect(replyData(200, 'plain')).toBe('plain');
  });

  it("throws the server's message and request id for any other status", () => {
    const refused = JSON.stringify({
      statusCode: 403,
      error: 'Forbidden',
      message: 'This link has expired.',
      requestId: 'r1',
    });
    expect(() => replyData(403, refused)).toThrow(
      expect.objectContaining({ status: 403, message: 'This link has expired.', requestId: 'r1' }),
    );
    // A gateway's own page: no words of the server's, so it says what to do (review 26).
    expect(() => replyData(502, '<html>')).toThrow(UnexpectedReply);
    expect(() => replyData(502, '<html>')).toThrow(
      expect.objectContaining({
        status: 502,
        message: 'Plansmith could not answer just now (error 502). Please try again in a moment.',
      }),
    );
    expect(() => replyData(413, '<html>')).toThrow(
      expect.objectContaining({
        status: 413,
        message: 'This request was refused (error 413). Please reload the page and try again.',
      }),
    );
    expect(() => replyData(0, '')).toThrow(
      expect.objectContaining({ status: 0, message: UNREACHABLE }),
    );
  });

  it('hands on the title a failed product lookup read, and drops a malformed one', () => {
    const refusal = (found: unknown) =>
      JSON.stringify({ statusCode: 422, error: 'Unprocessable Entity', message: 'No.', found });
    expect(() => replyData(422, refusal({ title: 'Kitchen Taps' }))).toThrow(
      expect.objectContaining({ status: 422, message: 'No.', found: { title: 'Kitchen Taps' } }),
    );
    for (const odd of [{ title: 7 }, 'Kitchen Taps', null])
      expect(() => replyData(422, refusal(odd))).toThrow(
        expect.objectContaining({ status: 422, message: 'No.', found: undefined }),
      );
  });
});
