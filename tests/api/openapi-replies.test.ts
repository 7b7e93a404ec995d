import { Ajv2020 } from 'ajv/dist/2020';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { request, startTestApp, type TestApp } from './support/test-app';

/*
 * GET /api/openapi.json describes its own reply too, and that description must accept the
 * document it serves (found by the fuzz tier, decision 0017: it said the JSON body was a string).
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

it("the document's schema for its own 200 reply accepts the document", async () => {
  const res = await request<{
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  }>(t.baseUrl, 'GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const declared = res.body.paths['/api/openapi.json']?.get?.responses['200'] as {
    content: Record<string, { schema: object }>;
  };
  const schema = declared.content['application/json']?.schema;
  expect(schema).toBeDefined();
  const validate = new Ajv2020({ strict: false }).compile(schema ?? {});
  expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
});
