import sharp, { type Color } from 'sharp';
import { describe, expect, it } from 'vitest';
import { isBlankImage } from './signature-image';

const pad = (background: Color, channels: 3 | 4 = 4) =>
  sharp({ create: { width: 400, height: 200, channels, background } });

describe('isBlankImage', () => {
  it('finds an untouched 400×200 pad blank: transparent, or one flat colour', async () => {
    expect(await isBlankImage(await pad({ r: 0, g: 0, b: 0, alpha: 0 }).png().toBuffer())).toBe(
      true,
    );
    // Transparent pixels whose colour data differ are still invisible.
    const raw = Buffer.alloc(400 * 200 * 4);
    for (let i = 0; i < raw.length; i += 4) raw[i] = i % 251;
    const noisy = await sharp(raw, { raw: { width: 400, height: 200, channels: 4 } })
      .png()
      .toBuffer();
    expect(await isBlankImage(noisy)).toBe(true);
    expect(await isBlankImage(await pad('#ffffff', 3).png().toBuffer())).toBe(true);
  });

  it('finds a stroke on a transparent or white pad', async () => {
    const stroke = {
      input: { create: { width: 120, height: 3, channels: 4 as const, background: '#000f' } },
      top: 100,
      left: 140,
    };
    const onTransparent = await pad({ r: 0, g: 0, b: 0, alpha: 0 })
      .composite([stroke])
      .png()
      .toBuffer();
    expect(await isBlankImage(onTransparent)).toBe(false);
    const onWhite = await pad('#ffffff', 3).composite([stroke]).png().toBuffer();
    expect(await isBlankImage(onWhite)).toBe(false);
  });
});
