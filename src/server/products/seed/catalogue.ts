import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import data from './catalogue.json' with { type: 'json' };

/*
 * The seed catalogue (issue 5, section 3): realistic products on reserved example domains, each with an
 * image file of its own in assets/catalogue. scripts/catalogue/generate.ts writes catalogue.json
 * and the images; edit the generator, not the JSON.
 */

export interface SeedProduct {
  /** Fixed UUID, stable forever: options and saved proposals may point at it. */
  id: string;
  title: string;
  priceCents: number | null;
  currency: 'USD' | 'GBP' | 'EUR' | null;
  url: string;
  hostname: string;
  /** e.g. 'kitchen-faucets'; matches the image file prefix. */
  category: string;
  /** File name in SEED_IMAGE_DIR, e.g. 'kitchen-faucets-001.jpg'. */
  image: string;
}

/** Absolute path of assets/catalogue, wherever the process was started from. */
export const SEED_IMAGE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../assets/catalogue',
);

const seedProductSchema = z.strictObject({
  id: z.uuid(),
  title: z.string().min(1),
  priceCents: z.number().int().nonnegative().nullable(),
  currency: z.enum(['USD', 'GBP', 'EUR']).nullable(),
  url: z.url({ protocol: /^https$/ }),
  hostname: z.string().min(1),
  category: z.string().min(1),
  // A bare file name, so it can never point outside SEED_IMAGE_DIR.
  image: z.string().regex(/^[a-z0-9-]+\.jpg$/),
});

// Parsed once at load: a hand edit that breaks the shape fails loudly at start, not at seeding.
export const SEED_PRODUCTS: readonly SeedProduct[] = Object.freeze(
  z.array(seedProductSchema).parse(data),
);
