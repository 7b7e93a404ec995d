export type Encoding = 'br' | 'gzip' | 'identity';

/** br, then gzip, then none, as the request accepts them (a q=0 refuses one). */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
