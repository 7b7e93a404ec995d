/**
 * Requests for one operation: mostly valid ones (every part drawn from its schema, ids from the
 * server's real ones), and a share of deliberately broken ones (mutated bodies, bad path
 * parameters, odd query strings, bodies that are not JSON at all).
 */
import fc from 'fast-check';
import { arbitraryFromSchema, type ArbitraryOptions } from './json-schema-arbitrary';
import { badPathSegment, encodeSegment, mutationArbitrary } from './mutations';
import type { Operation } from './openapi';
import { clip } from './openapi';

export type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; fields: Record<string, string>; files: Record<string, Uint8Array> };

export interface FuzzRequest {
  identity: string;
  /** What was broken on purpose, or `valid`. */
  variant: string;
  method: string;
  /** Path and query string, already encoded, sent as is. */
  url: string;
  headers: Record<string, string>;
  body: Body | undefined;
}

function toQueryValue(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A header value HTTP can carry: anything outside printable ASCII escaped. */
function toHeaderValue(v: unknown): string {
  // Code unit by code unit: a lone surrogate has no UTF-8 form for encodeURIComponent.
  return toQueryValue(v).replace(/[^\x20-\x7e]/g, (c) => `%u${c.charCodeAt(0).toString(16)}`);
}

const PNG_1X1 = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const fileBytes = fc.oneof(
  fc.constant(PNG_1X1),
  fc.uint8Array({ minLength: 0, maxLength: 256 }),
  fc.constant(Uint8Array.from(Buffer.from('%PDF-1.4\n%fuzz\n'))),
);

function multipartBody(schema: unknown, opts: ArbitraryOptions): fc.Arbitrary<Body> {
  const s = (schema ?? {}) as { properties?: Record<string, Record<string, unknown>> };
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const files: Record<string, fc.Arbitrary<Uint8Array>> = {};
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const binary = prop.format === 'binary' || prop.contentMediaType !== undefined;
    if (binary) files[name] = fileBytes;
    else fields[name] = arbitraryFromSchema(prop, opts, name);
  }
  return fc
    .record({
      fields: fc.record(fields, { requiredKeys: [] }),
      files: fc.record(files, { requiredKeys: [] }),
    })
    .map(({ fields: f, files: fl }) => ({
      kind: 'multipart' as const,
      fields: Object.fromEntries(Object.entries(f).map(([k, v]) => [k, toQueryValue(v)])),
      files: fl as Record<string, Uint8Array>,
    }));
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '');
}

export function requestArbitrary(
  op: Operation,
  identities: readonly string[],
  opts: ArbitraryOptions,
): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const valueOf = (p: (typeof op.parameters)[number]) =>
    arbitraryFromSchema(p.schema, opts, p.name);

  const validPath = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [p.name, valueOf(p).map((v) => encodeSegment(toQueryValue(v)))]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const badPath = pathParams.length
    ? fc
        .tuple(validPath, fc.constantFrom(...pathParams.map((p) => p.name)), badPathSegment)
        .map(([values, name, bad]) => ({
          values: { ...values, [name]: bad },
          variant: `bad path ${name}`,
        }))
    : undefined;

  const validQuery = fc
    .record(Object.fromEntries(queryParams.map((p) => [p.name, valueOf(p)])), {
      requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
    })
    .map((q) => Object.entries(q).map(([k, v]) => [k, toQueryValue(v)] as [string, string]));
  const badQuery = fc
    .tuple(
      validQuery,
      fc.oneof(
        fc.tuple(
          fc.constantFrom(...queryParams.map((p) => p.name).concat('__proto__', 'x')),
          fc.constantFrom('', '-1', 'NaN', '1e999', 'a'.repeat(5000), '[]', '%00', 'é'),
        ),
        fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30, unit: 'binary' })),
      ),
    )
    .map(([q, extra]) => ({
      pairs: [
        ...q,
        extra,
        ...(queryParams[0] ? [[queryParams[0].name, 'again'] as [string, string]] : []),
      ],
      variant: 'bad query',
    }));

  const headers = fc
    .record(
      Object.fromEntries(
        headerParams.map((p) => [p.name.toLowerCase(), valueOf(p).map(toHeaderValue)]),
      ),
      {
        requiredKeys: headerParams.filter((p) => p.required).map((p) => p.name.toLowerCase()),
      },
    )
    .map((h) => h as Record<string, string>);
  // Saves accept an Idempotency-Key (decision 0015): sometimes one, right or wrong, on any write.
  const idempotencyKey =
    op.method === 'GET'
      ? fc.constant({})
      : fc.option(
          fc
            .oneof(fc.uuid({ version: 4 }), fc.constantFrom('not-a-uuid', '', 'x'.repeat(2000)))
            .map((key) => ({ 'idempotency-key': key })),
          { nil: {}, freq: 3 },
        );

  const body = op.body;
  const isJson = body !== undefined && /\bjson\b/.test(body.mediaType);
  const isMultipart = body !== undefined && body.mediaType.startsWith('multipart/');
  const validBody: fc.Arbitrary<Body | undefined> = !body
    ? fc.constant(undefined)
    : isMultipart
      ? multipartBody(body.schema, opts)
      : isJson
        ? arbitraryFromSchema(body.schema, opts).map((value) => ({ kind: 'json' as const, value }))
        : arbitraryFromSchema(body.schema, opts).map((v) => ({
            kind: 'raw' as const,
            text: toQueryValue(v),
            contentType: body.mediaType,
          }));
  const mutatedBody =
    body && isJson
      ? fc
          .tuple(arbitraryFromSchema(body.schema, opts), mutationArbitrary(body.schema, opts.root))
          .map(([value, mutate]) => ({
            body: { kind: 'json' as const, value: mutate(value) },
            variant: 'mutated body',
          }))
      : undefined;
  const oddBody = body
    ? fc
        .constantFrom<Body | undefined>(
          { kind: 'raw', text: '{"a":', contentType: 'application/json' },
          { kind: 'raw', text: 'not json', contentType: 'application/json' },
          { kind: 'raw', text: '', contentType: 'application/json' },
          { kind: 'raw', text: 'null', contentType: 'application/json' },
          { kind: 'raw', text: '[]', contentType: 'application/json' },
          { kind: 'raw', text: '"x"', contentType: 'application/json' },
          {
            kind: 'raw',
            text: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
            contentType: 'application/json',
          },
          // Nesting far deeper than a value built in this process could be.
          {
            kind: 'raw',
            text: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
            contentType: 'application/json',
          },
          {
            kind: 'raw',
            text: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
            contentType: 'application/json',
          },
          { kind: 'raw', text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
          { kind: 'raw', text: '{}', contentType: 'text/plain' },
          { kind: 'raw', text: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x' },
          undefined,
        )
        .map((b) => ({ body: b, variant: 'odd body' }))
    : undefined;

  type Parts = {
    path: Record<string, string>;
    query: [string, string][];
    body: Body | undefined;
    variant: string;
  };
  const valid: fc.Arbitrary<Parts> = fc
    .record({ path: validPath, query: validQuery, body: validBody })
    .map((p) => ({ ...p, variant: 'valid' }));
  const variants: { arbitrary: fc.Arbitrary<Parts>; weight: number }[] = [
    { arbitrary: valid, weight: 6 },
  ];
  if (badPath) {
    variants.push({
      arbitrary: fc
        .tuple(badPath, validQuery, validBody)
        .map(([p, query, b]) => ({ path: p.values, query, body: b, variant: p.variant })),
      weight: 1,
    });
  }
  variants.push({
    arbitrary: fc
      .tuple(validPath, badQuery, validBody)
      .map(([path, q, b]) => ({ path, query: q.pairs, body: b, variant: q.variant })),
    weight: queryParams.length ? 1 : 0.3,
  });
  if (mutatedBody) {
    variants.push({
      arbitrary: fc
        .tuple(validPath, validQuery, mutatedBody)
        .map(([path, query, m]) => ({ path, query, body: m.body, variant: m.variant })),
      weight: 3,
    });
  }
  if (oddBody) {
    variants.push({
      arbitrary: fc
        .tuple(validPath, validQuery, oddBody)
        .map(([path, query, o]) => ({ path, query, body: o.body, variant: o.variant })),
      weight: 1,
    });
  }

  return fc
    .record({
      identity: fc.constantFrom(...identities),
      parts: fc.oneof(
        ...variants.map((v) => ({
          arbitrary: v.arbitrary,
          weight: Math.max(1, Math.round(v.weight * 10)),
        })),
      ),
      headers,
      idempotencyKey,
    })
    .map(({ identity, parts, headers: h, idempotencyKey: k }) => {
      const search = new URLSearchParams(parts.query).toString();
      return {
        identity,
        variant: parts.variant,
        method: op.method,
        url: fillPath(op.path, parts.path) + (search ? `?${search}` : ''),
        headers: { ...k, ...h },
        body: parts.body,
      };
    });
}

/** One line a person can read (huge strings shortened), for failure reports. */
export function describeRequest(r: FuzzRequest): string {
  let body = '';
  if (r.body?.kind === 'json') body = ` json ${clip(safeJson(r.body.value), 400)}`;
  else if (r.body?.kind === 'raw') body = ` ${r.body.contentType} ${clip(r.body.text, 400)}`;
  else if (r.body?.kind === 'multipart')
    body = ` multipart fields ${clip(JSON.stringify(r.body.fields), 300)} files ${Object.keys(r.body.files).join(',')}`;
  return `[${r.identity}, ${r.variant}] ${r.method} ${clip(r.url, 300)}${body}`;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch (err) {
    return `<${String(err)}>`;
  }
}
