export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Accept-Encoding values parsed, by their text: browsers send a handful of values, and a kept
 * reply asks up to three questions of the same header (decision 0051). Only short values are
 * kept, and at most PARSED_MAX of them, so a client sending a new value each time costs memory
 * for none of it.
 */
const parsed = new Map<string, ReadonlySet<string | undefined>>();
const PARSED_MAX = 64;
const PARSED_CHARS = 256;

function parse(text: string): ReadonlySet<string | undefined> {
  return new Set(
    text
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
}

function acceptedBy(header: string | string[] | undefined): ReadonlySet<string | undefined> {
  const text = String(header ?? '');
  let accepted = parsed.get(text);
  if (accepted) return accepted;
  accepted = parse(text);
  if (text.length <= PARSED_CHARS) {
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, accepted);
  }
  return accepted;
}

/** The request accepts this encoding (a q=0 refuses it). */
export function accepts(header: string | string[] | undefined, encoding: Encoding): boolean {
  return acceptedBy(header).has(encoding);
}

/** br, then gzip, then none, as the request accepts them (a q=0 refuses one). */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const accepted = acceptedBy(header);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** How many header values are kept parsed (for the test of the bound). */
export function parsedEncodingCount(): number {
  return parsed.size;
}
