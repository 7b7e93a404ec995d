import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('gives the same text whatever order the keys were added in', () => {
    const one = { name: 'Kitchen', items: [{ costCents: 100, name: 'Sink' }] };
    const two = { items: [{ name: 'Sink', costCents: 100 }], name: 'Kitchen' };
    expect(canonicalJson(one)).toBe(canonicalJson(two));
  });

  it('keeps array order: reordering items is a change', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('escapes strings as JSON does, quotes, line breaks and non-ASCII included', () => {
    expect(canonicalJson('a"b\\c\nd\u0001é€😀')).toBe(JSON.stringify('a"b\\c\nd\u0001é€😀'));
    expect(canonicalJson({ 'k"ey': 'v' })).toBe('{"k\\"ey":"v"}');
  });

  it('sorts keys by UTF-16 code units', () => {
    expect(canonicalJson({ b: 1, B: 2, é: 3, a: 4 })).toBe('{"B":2,"a":4,"b":1,"é":3}');
  });

  it('writes numbers as JSON and -0 as 0', () => {
    expect(canonicalJson([0, -0, 12, -3.5, 1e21])).toBe('[0,0,12,-3.5,1e+21]');
  });

  it('refuses what is not plain JSON data instead of dropping it', () => {
    for (const bad of [
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      () => 1,
      Symbol('s'),
      10n,
      new Date(0),
      Buffer.from('x'),
      { a: undefined },
      [1, undefined],
      // eslint-disable-next-line no-sparse-arrays
      [1, , 3],
    ]) {
      expect(() => canonicalJson(bad)).toThrow(TypeError);
    }
  });

  it('round-trips to an equal value, and is its own canonical form', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        const parsed: unknown = JSON.parse(text);
        expect(parsed).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(parsed)).toBe(text);
        // Whitespace can only appear inside strings, where JSON escapes line breaks and tabs.
        expect(text).not.toMatch(/[\n\r\t]/);
      }),
    );
  });
});
