import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '../../shared/api/products';
import { proposals } from '../../shared/api/proposals';
import { selections } from '../../shared/api/selections';
import * as routes from '../../shared/api/client-routes';
import { ApiRequestError } from './api';
import { call, urlOf } from './call';

const ID = '4b0e4a53-6a36-4a44-8c43-5a1e0c0f1a11';

describe('call', () => {
  const seen: { url: string; method: string; key: string | null; body: unknown }[] = [];
  function answer(status: number, body: unknown, type = 'application/json') {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        seen.push({
          url,
          method: init.method ?? 'GET',
          key: new Headers(init.headers).get('idempotency-key'),
          body: init.body,
        });
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        return Promise.resolve(new Response(text, { status, headers: { 'content-type': type } }));
      }),
    );
  }
  afterEach(() => {
    seen.length = 0;
    vi.unstubAllGlobals();
  });

  it('builds the path from the contract, each parameter encoded, and the query', () => {
    expect(
      urlOf(selections.note, {
        params: { id: ID, itemId: 'a/b' },
        body: { note: '', expected: '' },
      }),
    ).toBe(`/api/proposal/${ID}/items/a%2Fb/note`);
    expect(urlOf(products.list, { query: { limit: 8, page: 2, searchTerms: 'oak & tile' } })).toBe(
      '/api/products?limit=8&page=2&searchTerms=oak+%26+tile',
    );
    expect(urlOf(proposals.list, { query: { cursor: undefined } })).toBe('/api/proposal');
  });

  it("sends the contract's method and body, and parses the reply with its schema", async () => {
    answer(200, { note: 'hi', extra: 1 });
    const reply = await call(selections.note, {
      params: { id: ID, itemId: ID },
      body: { note: 'hi', expected: '' },
    });
    expect(reply).toEqual({ note: 'hi' });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      key: null,
      body: '{"note":"hi","expected":""}',
    });
  });

  it('gives a save the contract marks idempotent an Idempotency-Key (decision 0015)', async () => {
    answer(201, ID, 'text/plain');
    await expect(call(proposals.create, { body: {} })).resolves.toBe(ID);
    expect(seen[0]).toMatchObject({ url: '/api/proposal', method: 'POST' });
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('calls a client route (no schema, decision 0033) the same way, its reply used as sent', async () => {
    answer(200, { note: 'hi' });
    const reply = await call(routes.selections.note, {
      params: { id: ID, itemId: 'a/b' },
      body: { note: 'hi', expected: '' },
    });
    expect(reply).toEqual({ note: 'hi' });
    expect(seen[0]).toMatchObject({
      url: `/api/proposal/${ID}/items/a%2Fb/note`,
      method: 'PUT',
      key: null,
      body: '{"note":"hi","expected":""}',
    });
    answer(201, ID, 'text/plain');
    await expect(call(routes.proposals.create, { body: {} })).resolves.toBe(ID);
    expect(seen[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns a refusal into ApiRequestError with the server message', async () => {
    answer(404, { statusCode: 404, error: 'Not Found', message: 'Not found', requestId: 'r1' });
    const failed = call(proposals.get, { params: { id: ID } });
    await expect(failed).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failed).rejects.toMatchObject({
      status: 404,
      message: 'Not found',
      requestId: 'r1',
    });
  });
});
