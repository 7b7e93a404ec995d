import fs from 'node:fs/promises';
import path from 'node:path';
import { SEED_IMAGE_DIR, SEED_PRODUCTS } from './seed/catalogue';

/*
 * GET /api/products/images/:file serves the committed seed pictures and nothing else: the name
 * must have the seed form and be the image of a seed product, so no other file of that
 * directory (or, through '..' or an encoded slash, of the disk) can be reached.
 */

const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,120}\.(?:jpg|png)$/;
const SEED_IMAGES = new Set(SEED_PRODUCTS.map((p) => p.image));

export interface SeedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

export async function readSeedImage(file: string): Promise<SeedImage | null> {
  if (!FILE_NAME.test(file) || !SEED_IMAGES.has(file)) return null;
  try {
    const bytes = await fs.readFile(path.join(SEED_IMAGE_DIR, file));
    return { bytes, contentType: file.endsWith('.png') ? 'image/png' : 'image/jpeg' };
  } catch (err) {
    // Listed but missing (a partial checkout) is a 404 like any unknown name; anything else is ours.
    if ((err as { code?: unknown }).code === 'ENOENT') return null;
    throw err;
  }
}
