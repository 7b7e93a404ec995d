import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meReplySchema } from '../../src/shared/schemas/auth';
import { apiErrorSchema } from '../../src/shared/schemas/errors';
import { startTestApp, type TestApp } from './support/test-app';
import { request } from './support/http';

// The cheapest proof that the app starts, migrates and answers on this database engine.
describe('the API starts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers who is signed in: nobody', async () => {
    const res = await request(t.baseUrl, 'GET', '/api/authorization/me');
    expect(res.status).toBe(200);
    expect(meReplySchema.parse(res.body)).toEqual({ user: null });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request(t.baseUrl, 'GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(apiErrorSchema.parse(res.body)).toMatchObject({ statusCode: 404 });
  });
});
