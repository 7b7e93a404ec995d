import { BlockList, isIP } from 'node:net';

/**
 * Address rules for server-side fetches of user-supplied URLs (SSRF guard).
 * The check runs on the address actually connected, never on the host name alone.
 */

const v4Blocked = new BlockList();
const V4_SUBNETS: [string, number][] = [
  ['0.0.0.0', 8], // unspecified / "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
];
for (const [net, prefix] of V4_SUBNETS) v4Blocked.addSubnet(net, prefix, 'ipv4');

/** IPv6 prefixes refused outright, as [16 bytes, prefix length]. */
const V6_BLOCKED: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local, incl. fd00:ec2::254 metadata
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['2001:10::', 28], // ORCHID
];

/**
 * Parses an IPv4 address in any form inet_aton accepts: 1 to 4 parts, each decimal, hex (0x) or
 * octal (leading 0), e.g. '2130706433', '0x7f.1', '0177.0.0.1'. Returns the dotted-quad form or null.
 */
export function parseIPv4Loose(input: string): string | null {
  if (!/^[0-9a-fx.]+$/i.test(input)) return null;
  const parts = input.split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = parseInt(p, 10);
    else return null;
    if (!Number.isFinite(n)) return null;
    nums.push(n);
  }
  const last = nums.pop() as number;
  if (nums.some((n) => n > 255)) return null;
  const lastMax = 2 ** (8 * (4 - nums.length)) - 1;
  if (last > lastMax) return null;
  let value = last;
  nums.forEach((n, i) => {
    value += n * 2 ** (8 * (3 - i));
  });
  return [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256).join('.');
}

/**
 * Normalises a host as it appears in a URL or a resolver answer: lower case, brackets and IPv6
 * zone removed, numeric IPv4 forms (decimal, hex, octal, short) turned into dotted quads.
 */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.') && !h.includes(':')) h = h.slice(0, -1);
  const zone = h.indexOf('%');
  if (zone !== -1 && h.includes(':')) h = h.slice(0, zone);
  if (isIP(h)) return h;
  return parseIPv4Loose(h) ?? h;
}

/** Expands an IPv6 address (isIP === 6) into 16 bytes. */
function ipv6Bytes(ip: string): number[] | null {
  let s = ip;
  const tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  const maybeV4 = s.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    if (isIP(maybeV4) !== 4) return null;
    tail.push(...maybeV4.split('.').map(Number));
    s = s.slice(0, lastColon + 1) + '0:0';
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(Math.max(missing, 0)).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

function matchesPrefix(bytes: number[], prefixBytes: number[], bits: number): boolean {
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefixBytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

const V6_BLOCKED_BYTES = V6_BLOCKED.map(
  ([net, bits]) => [ipv6Bytes(net) as number[], bits] as const,
);
const MAPPED = ipv6Bytes('::ffff:0:0') as number[];
const COMPAT = ipv6Bytes('::') as number[];
const NAT64 = ipv6Bytes('64:ff9b::') as number[];
const NAT64_LOCAL = ipv6Bytes('64:ff9b:1::') as number[];
const SIX_TO_FOUR = ipv6Bytes('2002::') as number[];

function v4FromBytes(b: number[]): string {
  return b.join('.');
}

function isForbiddenV4(ip: string): boolean {
  return v4Blocked.check(ip, 'ipv4');
}

/**
 * True when a connection to this address must be refused: private, loopback, link-local,
 * carrier-grade NAT, unspecified, metadata, multicast or reserved, unique-local, and IPv6 forms
 * embedding such an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4). Anything that is
 * not a recognisable IP address is refused too (fail closed).
 */
export function isForbiddenAddress(ip: string): boolean {
  const host = normalizeHost(ip);
  const kind = isIP(host);
  if (kind === 4) return isForbiddenV4(host);
  if (kind !== 6) return true;
  const bytes = ipv6Bytes(host);
  if (!bytes) return true;
  if (V6_BLOCKED_BYTES.some(([net, bits]) => matchesPrefix(bytes, net, bits))) return true;
  // ::ffff:a.b.c.d and the deprecated ::a.b.c.d are the IPv4 address itself.
  if (matchesPrefix(bytes, MAPPED, 96) || matchesPrefix(bytes, COMPAT, 96)) {
    return isForbiddenV4(v4FromBytes(bytes.slice(12)));
  }
  // NAT64 (well-known and local-use prefixes) reaches the embedded IPv4 address.
  if (matchesPrefix(bytes, NAT64, 96)) return isForbiddenV4(v4FromBytes(bytes.slice(12)));
  if (matchesPrefix(bytes, NAT64_LOCAL, 48)) return true;
  // 6to4 embeds the IPv4 address in bits 16..47.
  if (matchesPrefix(bytes, SIX_TO_FOUR, 16)) return isForbiddenV4(v4FromBytes(bytes.slice(2, 6)));
  return false;
}
