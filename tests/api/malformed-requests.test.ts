import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';

/*
 * Requests no client of ours sends, found by the fuzz tier (decision 0017): each must get the
 * API's one error shape (src/shared/schemas/errors.ts) with a 4xx, never a 500 or Fastify's own
 * body.
 */

let t: TestApp;
let casey: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  casey = await signedInUser(t, 'casey.malformed@example.com');
});
afterAll(async () => t?.close());

/** A multipart body that ends before its first part does. */
const truncatedForm = {
  body: '--x\r\n\r\n',
  headers: { 'content-type': 'multipart/form-data; boundary=x' },
};

function expectApiError(body: unknown, status: number, error = 'Bad Request'): void {
  expect(body).toEqual({
    statusCode: status,
    error,
    message: expect.any(String) as unknown,
    requestId: expect.any(String) as unknown,
  });
}

describe('a multipart body that ends early', () => {
  it('is 400 on sign-up, not 500', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', truncatedForm);
    expect(res.status).toBe(400);
    expectApiError(res.body, 400);
    expect((res.body as { message: string }).message).toBe('The form could not be read.');
  });

  it('is 400 on an upload, not 500', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
      ...truncatedForm,
      cookie: casey.cookie,
    });
    expect(res.status).toBe(400);
    expectApiError(res.body, 400);
    expect((res.body as { message: string }).message).toBe('The form could not be read.');
  });
});

describe('a page path with a backslash', () => {
  // Sent as written: fetch and browsers turn `\` into `/` before they send a URL.
  const rawGet = (path: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const url = new URL(t.baseUrl);
      http
        .get({ host: url.hostname, port: url.port, path }, (res) => {
          res.resume();
          resolve(res);
        })
        .on('error', reject);
    });

  it.each(['/\\evil.example/x', '/\\evil.example/x?q=1', '/faq\\'])(
    '%s is no page and is sent nowhere else',
    async (path) => {
      const res = await rawGet(path);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
    },
  );

  it('while a path without one still gets its trailing slash', async () => {
    const res = await rawGet('/faq?q=1');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/faq/?q=1');
  });
});

describe('a path with a broken %-escape', () => {
  it.each([
    ['GET', '/api/proposal/%ZZ'],
    ['PUT', '/api/products/%ZZ'],
    ['POST', '/api/proposal/sign/%E0%A4%A'],
  ])('%s %s answers 400 in the API error shape', async (method, path) => {
    const json = method === 'GET' ? undefined : {};
    const res = await request(t.baseUrl, method, path, { cookie: casey.cookie, json });
    expect(res.status).toBe(400);
    expectApiError(res.body, 400);
    expect((res.body as { message: string }).message).toBe('This address is not valid.');
  });
});

describe('a path parameter over 100 characters', () => {
  it.each([
    ['GET', `/api/proposal/${'a'.repeat(300)}`],
    ['DELETE', `/api/files/${'a'.repeat(5000)}`],
  ])('%s answers 414 in the API error shape', async (method, path) => {
    const res = await request(t.baseUrl, method, path, { cookie: casey.cookie });
    expect(res.status).toBe(414);
    expectApiError(res.body, 414, 'URI Too Long');
    expect((res.body as { message: string }).message).toBe('This address is too long.');
  });
});
