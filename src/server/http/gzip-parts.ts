import zlib from 'node:zlib';

/*
 * A gzip reply put together from parts compressed each on its own (decision 0043): a part kept
 * across versions is compressed once, and a reply costs the compression of what is new in it.
 * Each part is raw deflate ended by a sync flush (byte-aligned, no final block, no reference
 * before its own start), so the parts in order are one valid deflate stream; the gzip header, a
 * final empty block, the CRC-32 and the length of the whole make it one gzip member (RFC 1952).
 */

/** ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final block with no data (fixed Huffman codes, end of block at once). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** zlib's default: about 7 % larger than Brotli 5 for the plan, a part of 26 kB in about 0.4 ms. */
const PART_LEVEL = 6;

/** One part of the stream: its raw deflate data, ended byte-aligned by a sync flush. */
export function deflatePart(bytes: Buffer): Buffer {
  return zlib.deflateRawSync(bytes, {
    level: PART_LEVEL,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
}

/**
 * Pieces up to this size go as stored blocks, not compressed (decision 0055): a zlib stream's
 * set-up (60–100 µs on the request's path) costs more than the at most few hundred bytes a small
 * piece of a reply compresses away.
 */
export const STORED_UP_TO = 512;

/**
 * `bytes` as deflate data: a non-final stored block when small (a byte-aligned header, LEN and
 * NLEN, the bytes as they are; RFC 1951 3.2.4), else `deflatePart`'s. Both end byte-aligned with
 * no reference before their start, as a part must.
 */
export function deflateSmallOrPart(bytes: Buffer): Buffer {
  if (bytes.length > STORED_UP_TO) return deflatePart(bytes);
  const stored = Buffer.allocUnsafe(5 + bytes.length);
  stored[0] = 0x00;
  stored.writeUInt16LE(bytes.length, 1);
  stored.writeUInt16LE(bytes.length ^ 0xffff, 3);
  bytes.copy(stored, 5);
  return stored;
}

/** A run of bytes of the reply as its CRC-32 and length, which is all the trailer needs. */
export interface Checked {
  crc: number;
  length: number;
  /** x^(8 length) modulo the polynomial, once combined: a kept part's is worked out once. */
  shift?: number;
}

/** The gzip member whose deflate data `deflated` gives in order, of bytes checked as `whole`. */
export function gzipOfParts(whole: Checked, deflated: readonly Buffer[]): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(whole.crc >>> 0, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952).
  trailer.writeUInt32LE(whole.length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...deflated, FINAL_BLOCK, trailer]);
}

/*
 * The CRC-32 of bytes put one after the other, from the CRC-32 of each (zlib's crc32_combine,
 * which Node does not expose): a reply's CRC costs a few multiplications per part instead of a
 * pass over its 490 kB, most of which were checked when their part was first compressed.
 * Polynomials over GF(2) in zlib's reflected order, the highest power in the lowest bit.
 */
const POLY = 0xedb88320;
const TOP = 0x80000000;

/** a(x) b(x) modulo the CRC-32 polynomial. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let m = TOP; m !== 0; m >>>= 1) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k from 0 to 31. */
const X_POWER_OF_TWO: number[] = [];
for (let p = TOP >>> 1, k = 0; k < 32; k++, p = multiplyModP(p, p)) X_POWER_OF_TWO.push(p);

/** x^(n 2^k) modulo the polynomial: what shifting a CRC past n bytes (k = 3) multiplies it by. */
function xPowerModP(n: number, k: number): number {
  let p = TOP;
  for (; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyModP(X_POWER_OF_TWO[k % 32]!, p);
  }
  return p;
}

/** The CRC-32 and length of `first` followed by `second`. */
export function combineChecked(first: Checked, second: Checked): Checked {
  second.shift ??= xPowerModP(second.length, 3);
  return {
    crc: (multiplyModP(second.shift, first.crc) ^ second.crc) >>> 0,
    length: first.length + second.length,
  };
}

export const checkedOf = (bytes: Buffer): Checked => ({
  crc: zlib.crc32(bytes) >>> 0,
  length: bytes.length,
});
