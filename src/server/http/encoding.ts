export type Encoding = 'br' | 'gzip' | 'identity';

function acceptedBy(header: string | string[] | undefined): Set<string | undefined> {
  return new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
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
