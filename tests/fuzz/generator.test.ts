/**
 * The fuzz tier's own parts, checked against a small hand-written OpenAPI 3.1 document
 * (fixtures/openapi-fixture.json: a few real routes, schemas from zod's toJSONSchema): values
 * drawn from a schema are valid for Ajv, mutations make them invalid, and the reply check
 * flags what it should.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { arbitraryFromSchema, type JsonSchema } from './support/json-schema-arbitrary';
import { badPathSegment, mutationArbitrary, PROTOTYPE_KEYS, withKey } from './support/mutations';
import { listOperations, ReplyChecker } from './support/openapi';
import { requestArbitrary } from './support/requests';
import { DEFAULT_RUNS, fuzzSettings, operationSeed } from './support/settings';
import { harvestIds } from './support/world';

const document = JSON.parse(
  fs.readFileSync(fileURLToPath(new URL('fixtures/openapi-fixture.json', import.meta.url)), 'utf8'),
) as { components: unknown };
const operations = listOperations(document);
const ajv = new Ajv2020({ strict: false, logger: false });
addFormats(ajv);
ajv.addSchema({ ...document, $id: 'openapi:doc' }, undefined, false);

/** A schema of the fixture, with its `#/components` references pointing into the document. */
function compile(schema: JsonSchema) {
  const text = JSON.stringify(schema).replace(/"#\/components\//g, '"openapi:doc#/components/');
  return ajv.compile(JSON.parse(text) as object);
}

const schemas: [string, JsonSchema][] = operations.flatMap((op) => [
  ...(op.body ? [[`${op.operationId} body`, op.body.schema] as [string, JsonSchema]] : []),
  ...Object.entries(op.responses).flatMap(([status, content]) =>
    Object.entries(content).map(
      ([type, schema]) =>
        [`${op.operationId} ${status} ${type}`, schema ?? true] as [string, JsonSchema],
    ),
  ),
]);

describe('listOperations', () => {
  test('reads every operation with its parameters, body and replies', () => {
    expect(operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'GET /api/authorization/me auth.me',
      'POST /api/authorization/signin auth.signin',
      'GET /api/proposal/{id} proposals.get',
      'GET /api/proposal/ proposals.list',
      'POST /api/proposal/send sending.send',
      'POST /api/proposal/toggleVisibility proposals.toggleVisibility',
    ]);
    const get = operations.find((o) => o.operationId === 'proposals.get');
    expect(get?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
    ]);
    expect(Object.keys(get?.responses ?? {})).toEqual(['200', '400', '401', '404', '429']);
  });

  test('refuses a document that is not OpenAPI 3.1', () => {
    expect(() => listOperations({ openapi: '3.0.3', paths: {} })).toThrow(/OpenAPI 3.1/);
  });
});

describe('arbitraryFromSchema', () => {
  test.each(schemas)('values for %s are valid', (_name, schema) => {
    const validate = compile(schema);
    fc.assert(
      fc.property(arbitraryFromSchema(schema, { root: document }), (value) => {
        if (!validate(value)) throw new Error(JSON.stringify(validate.errors));
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  test('covers the keywords the document uses', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        email: { type: 'string', format: 'email' },
        at: { type: 'string', format: 'date-time' },
        code: { type: 'string', pattern: '^[A-Z]{3}-\\d{2}$' },
        name: { type: 'string', minLength: 2, maxLength: 5 },
        kind: { type: 'string', enum: ['a', 'b'] },
        count: { type: 'integer', minimum: 1, maximum: 9 },
        ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
        pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'boolean' }] },
        either: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        maybe: { type: 'string', nullable: true },
        maybe31: { type: ['string', 'null'] },
        fixed: { const: 'yes' },
        map: { type: 'object', additionalProperties: { type: 'integer' } },
        both: {
          allOf: [{ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }],
        },
      },
      required: ['id', 'email', 'at', 'code', 'name', 'kind', 'count', 'ratio', 'tags', 'pair'],
      additionalProperties: false,
    };
    const validate = compile({
      ...schema,
      properties: { ...(schema.properties as object), maybe: { type: ['string', 'null'] } },
    });
    fc.assert(
      fc.property(arbitraryFromSchema(schema), (value) => {
        if (!validate(value)) throw new Error(JSON.stringify(validate.errors));
      }),
      { numRuns: 200, seed: 5 },
    );
  });

  test('draws ids mostly from the real ones, by name', () => {
    const ids = new Map([
      ['proposalId', ['11111111-1111-4111-8111-111111111111']],
      ['*', ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']],
    ]);
    const values = fc.sample(
      arbitraryFromSchema({ type: 'string', format: 'uuid' }, { ids }, 'proposalId'),
      { numRuns: 200, seed: 3 },
    );
    const real = values.filter((v) => ids.get('*')?.includes(v as string));
    expect(real.length).toBeGreaterThan(150);
    expect(values.some((v) => !ids.get('*')?.includes(v as string))).toBe(true);
  });
});

describe('mutations', () => {
  const send = operations.find((o) => o.operationId === 'sending.send')?.body?.schema ?? true;

  test('a mutated body is rejected by its schema far more often than not', () => {
    const validate = compile(send);
    const mutated = fc.sample(
      fc
        .tuple(arbitraryFromSchema(send, { root: document }), mutationArbitrary(send, document))
        .map(([v, m]) => m(v)),
      { numRuns: 200, seed: 7 },
    );
    // An extra key is accepted (no additionalProperties: false on a body): not every one fails.
    const invalid = mutated.filter((v) => !validate(v));
    expect(invalid.length).toBeGreaterThan(100);
  });

  test('prototype keys are written as own JSON keys', () => {
    for (const key of PROTOTYPE_KEYS) {
      expect(JSON.stringify(withKey({ a: 1 }, key, { polluted: true }))).toBe(
        `{"a":1,"${key}":{"polluted":true}}`,
      );
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  test('bad path segments are never a valid lower-case uuid v4', () => {
    for (const segment of fc.sample(badPathSegment, { numRuns: 300, seed: 9 })) {
      expect(segment).not.toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });
});

describe('requests', () => {
  test('the same seed draws the same requests', () => {
    const op = operations.find((o) => o.operationId === 'proposals.get');
    if (!op) throw new Error('fixture changed');
    const arb = requestArbitrary(op, ['anonymous', 'contractor'], { root: document });
    const seed = operationSeed(42, op.operationId);
    expect(fc.sample(arb, { numRuns: 20, seed })).toEqual(fc.sample(arb, { numRuns: 20, seed }));
    const urls = fc.sample(arb, { numRuns: 200, seed }).map((r) => r.url);
    expect(urls.every((u) => u.startsWith('/api/proposal/'))).toBe(true);
    expect(
      urls.some((u) => u.includes('%2e%2e') || u.length > 300 || !/[0-9a-f-]{36}$/.test(u)),
    ).toBe(true);
  });

  test('harvests ids from replies under the key they came with', () => {
    const ids = new Map<string, string[]>();
    harvestIds(
      {
        id: '11111111-1111-4111-8111-111111111111',
        owner: { _id: '22222222-2222-4222-8222-222222222222' },
        n: 'x',
      },
      ids,
    );
    expect(ids.get('id')).toEqual([
      '11111111-1111-4111-8111-111111111111',
      '22222222-2222-4222-8222-222222222222',
    ]);
    expect(ids.get('*')?.length).toBe(2);
  });
});

describe('ReplyChecker', () => {
  const checker = new ReplyChecker(document);
  const toggle = operations.find((o) => o.operationId === 'proposals.toggleVisibility');
  if (!toggle) throw new Error('fixture changed');
  const json = 'application/json; charset=utf-8';

  test('accepts a reply that matches its status schema', () => {
    expect(
      checker.check(toggle, { status: 200, contentType: json, text: '{"isPublic":true}' }),
    ).toEqual({
      ok: true,
      declared: true,
    });
    const error = '{"statusCode":404,"error":"Not Found","message":"Not found","requestId":"r"}';
    expect(checker.check(toggle, { status: 404, contentType: json, text: error }).ok).toBe(true);
  });

  test('flags a 5xx, a body off its schema, and a body that is not JSON', () => {
    expect(checker.check(toggle, { status: 500, contentType: json, text: '{}' })).toMatchObject({
      ok: false,
    });
    expect(
      checker.check(toggle, {
        status: 200,
        contentType: json,
        text: '{"isPublic":true,"secret":1}',
      }),
    ).toMatchObject({ ok: false, problem: expect.stringMatching(/does not match/) as unknown });
    expect(
      checker.check(toggle, { status: 404, contentType: json, text: '{"message":"x"}' }),
    ).toMatchObject({
      ok: false,
    });
    expect(checker.check(toggle, { status: 200, contentType: json, text: '<html>' })).toMatchObject(
      {
        ok: false,
        problem: expect.stringMatching(/not JSON/) as unknown,
      },
    );
    expect(
      checker.check(toggle, { status: 200, contentType: 'text/html', text: '<html>' }),
    ).toMatchObject({
      ok: false,
    });
  });

  test('a status the document does not declare is reported as undeclared, not failed', () => {
    expect(checker.check(toggle, { status: 418, contentType: json, text: '{}' })).toEqual({
      ok: true,
      declared: false,
    });
  });
});

describe('settings', () => {
  test('read from the environment, with a random seed unless one is given', () => {
    expect(fuzzSettings({ FUZZ_RUNS: '7', FUZZ_SEED: '-12', FUZZ_OPERATIONS: 'a, b' })).toEqual({
      runs: 7,
      seed: -12,
      operations: ['a', 'b'],
      shrink: false,
      document: undefined,
    });
    expect(fuzzSettings({}).runs).toBe(DEFAULT_RUNS);
    expect(Number.isInteger(fuzzSettings({}).seed)).toBe(true);
    expect(() => fuzzSettings({ FUZZ_RUNS: 'many' })).toThrow(/FUZZ_RUNS/);
  });

  test("an operation's seed depends on the run's seed and its id only", () => {
    expect(operationSeed(1, 'getProposal')).toBe(operationSeed(1, 'getProposal'));
    expect(operationSeed(1, 'getProposal')).not.toBe(operationSeed(2, 'getProposal'));
    expect(operationSeed(1, 'getProposal')).not.toBe(operationSeed(1, 'listProposals'));
  });
});
