/**
 * Canonical JSON: object keys sorted (by UTF-16 code units, as RFC 8785 does), no whitespace,
 * arrays in order, strings and numbers as JSON.stringify writes them. The same value always gives
 * the same text, whatever order its keys were built in, so its hash identifies the content.
 * Only plain data is accepted: undefined, functions, symbols, bigints, non-finite numbers, class
 * instances (a Date, a Buffer) and array holes throw, rather than being dropped or coerced silently.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not JSON`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${Array.from(value, canonicalJson).join(',')}]`;
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null)
        throw new TypeError('canonicalJson: only plain objects and arrays are accepted');
      const record = value as Record<string, unknown>;
      const members = Object.keys(record)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
      return `{${members.join(',')}}`;
    }
    case 'undefined':
    case 'bigint':
    case 'function':
    case 'symbol':
      throw new TypeError(`canonicalJson: a ${typeof value} is not JSON`);
  }
  throw new TypeError('canonicalJson: unknown value');
}
