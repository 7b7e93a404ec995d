import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../src/shared/api';
import { startTestApp, type TestApp } from './support/test-app';
import { request } from './support/http';

/** Every METHOD /path Fastify has registered, read from its route tree (HEAD is implied by GET). */
function registeredRoutes(tree: string): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at === -1) continue;
    const depth = (at - 1) / 4;
    const label = line.slice(at + 3);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(label);
    const path = (stack[depth - 1] ?? '') + (match?.[1] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match?.[2]?.split(', ') ?? [])
      if (method !== 'HEAD') routes.add(`${method} ${path.replace(/\/$/, '') || '/'}`);
  }
  return routes;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Operation {
  operationId?: string;
  summary?: string;
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
}

/** Every $ref in the document, to check each one resolves. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  return out;
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp();
    const res = await request(t.baseUrl, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = res.body as Document;
  });
  afterAll(async () => {
    await t?.close();
  });

  const documented = () => {
    const ops = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths))
      for (const method of Object.keys(item))
        ops.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    return ops;
  };

  it('describes every route registered under /api', () => {
    const api = [...registeredRoutes(t.app.printRoutes({ commonPrefix: false }))].filter((r) =>
      r.split(' ')[1]!.startsWith('/api/'),
    );
    expect(api.length).toBeGreaterThan(45);
    const ops = documented();
    expect(api.filter((r) => !ops.has(r))).toEqual([]);
  });

  it('describes only registered routes, each once in the contract', () => {
    for (const op of documented()) {
      const [method, url] = op.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method, url }), op).toBe(true);
    }
    expect(documented().size).toBe(allEndpoints().length);
  });

  it('is a structurally valid OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(doc.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'plansmith_session' }),
    );
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(HTTP_METHODS, where).toContain(method);
        expect(op.operationId, where).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
        ids.push(op.operationId!);
        expect(op.summary, where).toBeTruthy();
        expect(op.security, where).toBeInstanceOf(Array);
        for (const requirement of op.security!)
          for (const scheme of Object.keys(requirement))
            expect(doc.components.securitySchemes, where).toHaveProperty(scheme);
        // Every {param} of the path is a required path parameter, and no other.
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), where).toEqual([...pathParams].sort());
        for (const p of op.parameters ?? []) {
          expect(['path', 'query', 'header', 'cookie'], where).toContain(p.in);
          expect(p.schema, `${where} ${p.name}`).toBeTypeOf('object');
          if (p.in === 'path') expect(p.required, `${where} ${p.name}`).toBe(true);
        }
        const statuses = Object.keys(op.responses ?? {});
        expect(
          statuses.some((s) => /^[23]\d\d$/.test(s)),
          where,
        ).toBe(true);
        for (const status of statuses) {
          expect(status, where).toMatch(/^([1-5]\d\d|default)$/);
          const response = op.responses![status]!;
          expect(response.description, `${where} ${status}`).toBeTruthy();
          if (/^[45]|default/.test(status))
            expect(response.content?.['application/json']?.schema).toEqual({
              $ref: '#/components/schemas/ApiError',
            });
        }
        if (['get', 'delete'].includes(method)) expect(op.requestBody, where).toBeUndefined();
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const ref of refsIn(doc)) {
      const target = ref.replace(/^#\//, '').split('/');
      expect(ref).toMatch(/^#\//);
      let node: unknown = doc;
      for (const key of target) node = (node as Record<string, unknown>)?.[key];
      expect(node, ref).toBeTypeOf('object');
    }
  });

  it('holds JSON Schemas (2020-12) that compile, as the fuzz tier validates replies with them', () => {
    // Formats (uuid, email) are the validator's choice to check; compiling needs none of them.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    let compiled = 0;
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item)) {
        const schemas = [
          ...(op.parameters ?? []).map((p) => p.schema),
          ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
          ...Object.values(op.responses ?? {}).flatMap((r) =>
            Object.values(r.content ?? {}).map((c) => c.schema),
          ),
        ];
        for (const schema of schemas) {
          const text = JSON.stringify(schema).replaceAll('"#/components', '"doc#/components');
          ajv.compile(JSON.parse(text) as object);
          compiled++;
        }
      }
    expect(compiled).toBeGreaterThan(150);
  });

  it('keeps the schemas honest: formats, lengths and required fields of the contract', () => {
    const comment = doc.paths['/api/proposal/{id}/items/{itemId}/comments']!.post!;
    expect(comment.parameters?.find((p) => p.name === 'id')?.schema).toMatchObject({
      type: 'string',
      format: 'uuid',
    });
    expect(comment.requestBody?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['content'],
      properties: { content: { type: 'string', maxLength: 2000 } },
    });
    expect(comment.responses?.['201']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: [
        'id',
        'content',
        'createdAt',
        'email',
        'authorName',
        'mine',
        'editedAt',
        'version',
        'canEdit',
        'canDelete',
      ],
    });
    const me = doc.paths['/api/authorization/me']!.get!;
    expect(me.security).toEqual([{}, { session: [] }]);
    const list = doc.paths['/api/proposal']!.get!;
    expect(list.security).toEqual([{ session: [] }]);
    // A member's read answers a public proposal with no session, and the print cookie alone;
    // the proposal read names its ETag's 304.
    const read = doc.paths['/api/proposal/{id}']!.get!;
    expect(read.security).toEqual([{}, { session: [] }, { print: [] }]);
    expect(read.responses).toHaveProperty('304');
    expect(doc.components.securitySchemes.print).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'plansmith_print',
    });
    // A member's write needs the session.
    expect(doc.paths['/api/proposal/{id}/addProduct']!.post!.security).toEqual([{ session: [] }]);
    expect(list.responses).toHaveProperty('401');
    const create = doc.paths['/api/proposal']!.post!;
    expect(create.responses?.['201']?.content).toHaveProperty('text/plain');
    expect(doc.paths['/api/proposal/photo-upload']!.post!.requestBody?.content).toHaveProperty(
      'multipart/form-data',
    );
  });

  it('serves the reference page with only its own boot script allowed inline', async () => {
    const res = await request(t.baseUrl, 'GET', '/api/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('/api/openapi.json');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
    expect(csp).not.toMatch(/unsafe-inline[^;]*;script-src-attr|script-src[^;]*unsafe/);
    expect(res.body).not.toMatch(/https?:\/\/(?!localhost|127\.0\.0\.1)[a-z0-9.-]+\/[^"']*\.js/);
    const script = await request(t.baseUrl, 'GET', '/api/docs/js/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    // Other pages keep the strict policy.
    const other = await request(t.baseUrl, 'GET', '/api/authorization/me');
    expect(other.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
  });
});
