import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  checkedOf,
  combineChecked,
  deflatePart,
  deflateSmallOrPart,
  gzipOfParts,
  STORED_UP_TO,
} from './gzip-parts';

/*
 * The gzip trailer's CRC-32 is combined from the pieces' own (decision 0050) instead of read off
 * the whole reply: it must be exactly zlib's CRC-32 of the bytes put one after the other.
 */
describe('a CRC-32 combined from the pieces', () => {
  it('is the CRC-32 of the pieces joined, whatever their lengths', () => {
    const lengths = [0, 1, 2, 3, 7, 8, 255, 1024, 16_411, 65_537, 131_071];
    for (const a of lengths) {
      for (const b of lengths) {
        const first = randomBytes(a);
        const second = randomBytes(b);
        const combined = combineChecked(checkedOf(first), checkedOf(second));
        expect(combined).toMatchObject({
          crc: crc32(Buffer.concat([first, second])),
          length: a + b,
        });
      }
    }
  });

  it('folds many pieces in order, a piece kept and combined again giving the same', () => {
    const pieces = Array.from({ length: 40 }, (_, i) => randomBytes(1 + ((i * 7919) % 20_000)));
    const kept = pieces.map(checkedOf);
    for (let round = 0; round < 2; round++) {
      const whole = kept.reduce(combineChecked);
      expect(whole.crc).toBe(crc32(Buffer.concat(pieces)));
      expect(whole.length).toBe(Buffer.concat(pieces).length);
    }
    // Another order is another CRC: the order of the pieces is in it.
    expect([...kept].reverse().reduce(combineChecked).crc).not.toBe(
      kept.reduce(combineChecked).crc,
    );
  });

  it('makes a gzip member that gunzip (which checks CRC and length) reads as the bytes', () => {
    const pieces = [Buffer.from('{"a":['), randomBytes(5000), Buffer.from(']}')];
    const gzipped = gzipOfParts(
      pieces.map(checkedOf).reduce(combineChecked),
      pieces.map(deflatePart),
    );
    expect(gunzipSync(gzipped)).toEqual(Buffer.concat(pieces));
    const wrong = { ...pieces.map(checkedOf).reduce(combineChecked) };
    wrong.crc ^= 1;
    expect(() => gunzipSync(gzipOfParts(wrong, pieces.map(deflatePart)))).toThrow();
  });

  it('mixes stored blocks and deflated parts in one member, the small pieces left as they are', () => {
    const sizes = [0, 1, 100, STORED_UP_TO, STORED_UP_TO + 1, 5000, 3];
    const pieces = sizes.map((n, i) => Buffer.alloc(n, `piece ${i} `));
    const deflated = pieces.map(deflateSmallOrPart);
    sizes.forEach((n, i) => {
      // A stored block is its five bytes of header and the bytes; past the limit, zlib's own.
      if (n <= STORED_UP_TO)
        expect(deflated[i]).toEqual(Buffer.concat([deflated[i]!.subarray(0, 5), pieces[i]!]));
      else expect(deflated[i]).toEqual(deflatePart(pieces[i]!));
    });
    const gzipped = gzipOfParts(pieces.map(checkedOf).reduce(combineChecked), deflated);
    expect(gunzipSync(gzipped)).toEqual(Buffer.concat(pieces));
  });
});
