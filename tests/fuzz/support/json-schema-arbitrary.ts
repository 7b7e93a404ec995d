/**
 * JSON Schema (the 2020-12 dialect of OpenAPI 3.1, as zod's toJSONSchema writes it) to a
 * fast-check arbitrary of values that the schema accepts. It covers what the served document
 * uses: $ref, const, enum, anyOf/oneOf/allOf, type lists, nullable (3.0 style), objects with
 * required/properties/additionalProperties, strings with length/format/pattern, integer and number
 * ranges, arrays and tuples. Anything it does not know becomes an arbitrary JSON value.
 *
 * Strings that name an id (format uuid) are drawn mostly from `ids`, the real ids of the fuzz
 * server, so requests get past "not found" and reach the handlers.
 */
import fc from 'fast-check';

export type JsonSchema = boolean | { [key: string]: unknown };

export interface ArbitraryOptions {
  /** The document `$ref`s point into (`#/components/schemas/...`). */
  root?: unknown;
  /** Real ids, by the property or parameter name they were seen under (`*` holds them all). */
  ids?: ReadonlyMap<string, readonly string[]>;
  /** Beyond this depth, objects get only their required properties and arrays none. */
  maxDepth?: number;
}

const MAX_EXTRA_LENGTH = 40;
const MAX_EXTRA_ITEMS = 4;

/** Follows a local JSON pointer (`#/components/schemas/Proposal`). */
export function resolveRef(root: unknown, ref: string): JsonSchema {
  if (!ref.startsWith('#')) throw new Error(`Only local $ref is supported, not ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new Error(`$ref ${ref} does not resolve`);
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node as JsonSchema;
}

/** The schema behind any chain of $ref. */
export function deref(schema: JsonSchema, root: unknown): JsonSchema {
  let s = schema;
  for (let hops = 0; typeof s === 'object' && typeof s.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`$ref cycle at ${s.$ref}`);
    s = resolveRef(root, s.$ref);
  }
  return s;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function integerArbitrary(s: Record<string, unknown>): fc.Arbitrary<number> {
  let min = num(s.minimum) ?? Number.MIN_SAFE_INTEGER;
  let max = num(s.maximum) ?? Number.MAX_SAFE_INTEGER;
  const exMin = num(s.exclusiveMinimum);
  const exMax = num(s.exclusiveMaximum);
  if (exMin !== undefined) min = Math.max(min, Math.floor(exMin) + 1);
  if (exMax !== undefined) max = Math.min(max, Math.ceil(exMax) - 1);
  min = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
  max = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  if (min > max) return fc.constant(min);
  // Small values and the bounds themselves find more than uniformly huge ones.
  const near = fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) });
  const bounds = fc.constantFrom(min, max);
  const parts = [fc.integer({ min, max }), bounds];
  return min <= 1000 && max >= -1000 ? fc.oneof(near, ...parts) : fc.oneof(...parts);
}

function numberArbitrary(s: Record<string, unknown>): fc.Arbitrary<number> {
  const min = num(s.minimum) ?? num(s.exclusiveMinimum);
  const max = num(s.maximum) ?? num(s.exclusiveMaximum);
  return fc
    .double({
      min: min ?? -1e12,
      max: max ?? 1e12,
      noNaN: true,
      noDefaultInfinity: true,
      minExcluded: s.exclusiveMinimum !== undefined,
      maxExcluded: s.exclusiveMaximum !== undefined,
    })
    .map((n) => (Object.is(n, -0) ? 0 : n));
}

const uuidArbitrary = fc.uuid({ version: 4 });

const emailArbitrary = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.constantFrom('example.com', 'example.org', 'mail.test'),
  )
  .map(([local, domain]) => `fuzz.${local}@${domain}`);

function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uuid':
      return uuidArbitrary;
    case 'email':
      return emailArbitrary;
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      return undefined;
  }
}

function stringArbitrary(
  s: Record<string, unknown>,
  name: string | undefined,
  opts: ArbitraryOptions,
) {
  const minLength = num(s.minLength) ?? 0;
  const maxLength = Math.min(
    num(s.maxLength) ?? minLength + MAX_EXTRA_LENGTH,
    minLength + MAX_EXTRA_LENGTH,
  );
  const fitsLength = (v: string) =>
    v.length >= minLength && v.length <= (num(s.maxLength) ?? Infinity);
  const format = typeof s.format === 'string' ? s.format : undefined;
  if (format === 'uuid') {
    const real = [...(name ? (opts.ids?.get(name) ?? []) : []), ...(opts.ids?.get('*') ?? [])];
    if (real.length === 0) return uuidArbitrary;
    const named = name ? (opts.ids?.get(name) ?? []) : [];
    return fc.oneof(
      { arbitrary: fc.constantFrom(...(named.length > 0 ? named : real)), weight: 6 },
      { arbitrary: fc.constantFrom(...real), weight: 3 },
      { arbitrary: uuidArbitrary, weight: 1 },
    );
  }
  const byFormat = format ? formatArbitrary(format) : undefined;
  if (byFormat) return byFormat.filter(fitsLength);
  if (typeof s.pattern === 'string') {
    // Patterns may be written for the `u` flag; fall back to plain strings when fast-check
    // cannot build from this one.
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter(fitsLength);
    } catch {
      /* fall through */
    }
  }
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 4 },
    {
      arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }).filter(fitsLength),
      weight: 1,
    },
  );
}

function arrayArbitrary(
  s: Record<string, unknown>,
  opts: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<unknown[]> {
  const minItems = num(s.minItems) ?? 0;
  const deep = depth >= (opts.maxDepth ?? 6);
  const maxItems = Math.min(num(s.maxItems) ?? Infinity, minItems + (deep ? 0 : MAX_EXTRA_ITEMS));
  if (Array.isArray(s.prefixItems)) {
    const head = fc.tuple(
      ...(s.prefixItems as JsonSchema[]).map((item) => build(item, opts, depth + 1, undefined)),
    );
    return head;
  }
  const items = s.items === undefined ? true : (s.items as JsonSchema);
  return fc.array(build(items, opts, depth + 1, undefined), {
    minLength: minItems,
    maxLength: maxItems,
  });
}

function objectArbitrary(
  s: Record<string, unknown>,
  opts: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const deep = depth >= (opts.maxDepth ?? 6);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) {
    if (deep && !required.has(key)) continue;
    model[key] = build(child, opts, depth + 1, key);
  }
  const record = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  const extra = s.additionalProperties;
  if (Object.keys(properties).length > 0 || extra === undefined || extra === false || deep) {
    return record;
  }
  // A map (zod's record): keys by propertyNames when given, values by additionalProperties.
  const keys =
    typeof s.propertyNames === 'object'
      ? (build(s.propertyNames as JsonSchema, opts, depth + 1, undefined) as fc.Arbitrary<string>)
      : fc.string({ maxLength: 12 });
  const values = build(extra === true ? true : (extra as JsonSchema), opts, depth + 1, undefined);
  return fc.dictionary(keys, values, { maxKeys: MAX_EXTRA_ITEMS, noNullPrototype: true });
}

function mergeAllOf(parts: JsonSchema[], root: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const part of parts) {
    const p = deref(part, root);
    if (typeof p !== 'object') continue;
    Object.assign(merged, p);
    Object.assign(properties, p.properties ?? {});
    if (Array.isArray(p.required)) required.push(...(p.required as string[]));
  }
  delete merged.allOf;
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.length > 0) merged.required = [...new Set(required)];
  return merged;
}

function build(
  schema: JsonSchema,
  opts: ArbitraryOptions,
  depth: number,
  name: string | undefined,
): fc.Arbitrary<unknown> {
  const s = deref(schema, opts.root);
  if (s === true) return fc.jsonValue({ maxDepth: 2 });
  if (s === false) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.nullable === true) {
    const { nullable: _nullable, ...rest } = s;
    return fc.option(build(rest, opts, depth, name), { nil: null, freq: 5 });
  }
  if (Array.isArray(s.allOf))
    return build(mergeAllOf(s.allOf as JsonSchema[], opts.root), opts, depth, name);
  const choices = (
    Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined
  ) as JsonSchema[] | undefined;
  if (choices) {
    // Sibling keywords (a `type` next to anyOf) apply to every choice.
    const { anyOf: _a, oneOf: _o, ...shared } = s;
    return fc.oneof(
      ...choices.map((c) => {
        const choice = deref(c, opts.root);
        return build(
          typeof choice === 'object' ? { ...shared, ...choice } : choice,
          opts,
          depth,
          name,
        );
      }),
    );
  }
  if (Array.isArray(s.type)) {
    return fc.oneof(
      ...(s.type as string[]).map((type) => build({ ...s, type }, opts, depth, name)),
    );
  }
  switch (s.type) {
    case 'string':
      return stringArbitrary(s, name, opts);
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return numberArbitrary(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(s, opts, depth);
    case 'object':
      return objectArbitrary(s, opts, depth);
    default:
      if (s.properties) return objectArbitrary(s, opts, depth);
      if (s.items || s.prefixItems) return arrayArbitrary(s, opts, depth);
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values the schema accepts (as far as the converter knows it). */
export function arbitraryFromSchema(
  schema: JsonSchema,
  opts: ArbitraryOptions = {},
  name?: string,
): fc.Arbitrary<unknown> {
  return build(schema, opts, 0, name);
}
