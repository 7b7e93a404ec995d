import { normalizeHost } from './guard';

/**
 * CLIP_ALLOW_HOSTS entries: `host` exempts every port of that host, `host:port` (or
 * `[v6]:port`) only that port. A bare IPv6 address has no port part.
 */
interface AllowEntry {
  host: string;
  port: string | null;
}

function parseEntry(raw: string): AllowEntry | null {
  const entry = raw.trim().toLowerCase();
  if (!entry) return null;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (bracketed?.[1]) return { host: normalizeHost(bracketed[1]), port: bracketed[2] ?? null };
  const withPort = /^([^:]+):(\d{1,5})$/.exec(entry);
  if (withPort?.[1]) return { host: normalizeHost(withPort[1]), port: withPort[2] ?? null };
  return { host: normalizeHost(entry), port: null };
}

/** The port a connection to this URL really uses ('' in a URL means the scheme's default). */
export function effectivePort(protocol: string, port: string): string {
  if (port) return port;
  return protocol === 'https:' ? '443' : '80';
}

export type AllowCheck = (host: string, port: string | null) => boolean;

/**
 * Decides whether a host (and port, when known) is exempt from the address and port rules.
 * A null port matches any entry for the host: the resolver only ever sees host names.
 */
export function makeAllowCheck(allowHosts: readonly string[]): AllowCheck {
  const entries = allowHosts.map(parseEntry).filter((e): e is AllowEntry => e !== null);
  return (host, port) => {
    const h = normalizeHost(host);
    return entries.some(
      (e) => e.host === h && (e.port === null || port === null || e.port === port),
    );
  };
}
