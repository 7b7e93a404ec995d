/**
 * Deliberately wrong inputs: a valid value with one thing broken (a wrong type somewhere, a
 * required field missing, an unknown field, a prototype key), or something no schema expects
 * (a huge string, very deep nesting). Path parameters get their own bad values.
 */
import fc from 'fast-check';
import { deref, type JsonSchema } from './json-schema-arbitrary';

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** An own, enumerable property even for `__proto__`, so JSON.stringify writes it. */
export function withKey(
  obj: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    Object.defineProperty(copy, k, {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '💥', '\u0000', '<', ' '),
    fc.integer({ min: 20_000, max: 300_000 }),
  )
  .map(([unit, n]) => unit.repeat(n));

/** `depth` nested arrays or objects around a leaf. */
export function nest(depth: number, kind: 'array' | 'object', leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 1_000 }), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => nest(depth, kind));

/** A value of some JSON type other than the schema's. */
export function wrongTypeArbitrary(schema: JsonSchema, root: unknown): fc.Arbitrary<unknown> {
  const s = deref(schema, root);
  const type = typeof s === 'object' ? s.type : undefined;
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.constantFrom('', 'x', 'null', '1e309', '-1', 'true', '{}', '0x10'),
    number: fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.constantFrom([], [1, 'a'], [[]]),
    object: fc.constantFrom({}, { a: 1 }),
  };
  const excluded = new Set(Array.isArray(type) ? type : [type]);
  if (excluded.has('integer')) excluded.add('number');
  const others = Object.entries(all)
    .filter(([t]) => !excluded.has(t))
    .map(([, arb]) => arb);
  return fc.oneof(...others);
}

/** A key the server does not expect: random, or a prototype key. */
const extraKey = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.string({ minLength: 1, maxLength: 20 }),
);

/** A mutation of a JSON object body, applied to a valid one. */
export type Mutation = (value: unknown) => unknown;

/**
 * Mutations of one valid value of `schema`: the caller draws a valid value and then one of
 * these. Object schemas lose a required field, gain an extra or prototype key, or get one
 * property replaced by a wrong type or a huge or deep value; anything else is replaced whole.
 */
export function mutationArbitrary(schema: JsonSchema, root: unknown): fc.Arbitrary<Mutation> {
  const s = deref(schema, root);
  const whole: fc.Arbitrary<Mutation> = fc
    .oneof(wrongTypeArbitrary(schema, root), hugeString, deepNesting)
    .map((replacement) => () => replacement);
  if (typeof s !== 'object' || !s.properties) return whole;
  const properties = s.properties as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  const required = Array.isArray(s.required) ? (s.required as string[]) : [];
  const parts: fc.Arbitrary<Mutation>[] = [whole];
  parts.push(
    fc
      .tuple(extraKey, fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ polluted: true })))
      .map(
        ([key, value]) =>
          (v: unknown) =>
            withKey(asObject(v), key, value),
      ),
  );
  if (required.length > 0) {
    parts.push(
      fc.constantFrom(...required).map((key) => (v: unknown) => {
        const { [key]: _dropped, ...rest } = asObject(v);
        return rest;
      }),
    );
  }
  if (names.length > 0) {
    parts.push(
      fc.constantFrom(...names).chain((key) =>
        fc
          .oneof(
            wrongTypeArbitrary(properties[key] ?? true, root),
            hugeString,
            deepNesting,
            mutationArbitrary(properties[key] ?? true, root).map((m) => m(undefined)),
          )
          .map((bad) => (v: unknown) => withKey(asObject(v), key, bad)),
      ),
    );
  }
  return fc.oneof(...parts);
}

function asObject(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : {};
}

/** %-encoded; a lone surrogate (no UTF-8 form) becomes U+FFFD first. */
export function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** Path segments a route must refuse politely: not ids, too long, odd characters, traversal. */
export const badPathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '0',
    '-1',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '%2e%2e',
    '..%2f..%2fetc%2fpasswd',
    '%00',
    '%ZZ',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '%F0%9F%92%A5',
    '12345678-1234-1234-1234-1234567890ab%00',
  ),
  fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).map(encodeSegment),
  fc.integer({ min: 300, max: 10_000 }).map((n) => 'a'.repeat(n)),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}x`),
);
