/*
 * Writes the seed catalogue: src/server/products/seed/catalogue.json and one JPEG per product in
 * assets/catalogue/. Deterministic: every draw is seeded by the product's key, so re-running it
 * rewrites identical files. Run with `npx tsx scripts/catalogue/generate.ts`.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { SeedProduct } from '../../src/server/products/seed/catalogue';
import { CATEGORIES } from './categories';
import { rngFor, stableUuid } from './random';
import { type Market, productPage, shelfPrice } from './retailers';
import type { CategorySpec } from './spec';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const imageDir = path.join(root, 'assets/catalogue');
const jsonFile = path.join(root, 'src/server/products/seed/catalogue.json');

/*
 * Which shop a product comes from, by its place in the catalogue: spread evenly so every kind of
 * tile shows up on the first pages too. A few have no price (price on request), a few come from a
 * page whose currency the clipper could not read, and some from shops in the UK and the euro area.
 */
function marketAt(index: number): { market: Market; priced: boolean } {
  if (index % 37 === 11) return { market: 'US', priced: false };
  if (index % 29 === 4) return { market: 'outlet', priced: true };
  if (index % 13 === 6) return { market: 'GBP', priced: true };
  if (index % 11 === 2) return { market: 'EUR', priced: true };
  return { market: 'US', priced: true };
}

interface Planned {
  readonly product: SeedProduct;
  readonly svg: string;
}

function plan(): Planned[] {
  const titles = new Set<string>();
  const planned: Planned[] = [];
  for (const spec of CATEGORIES) {
    for (let n = 1; n <= spec.count; n++) {
      planned.push(planOne(spec, n, planned.length, titles));
    }
  }
  return planned;
}

function planOne(spec: CategorySpec, n: number, index: number, titles: Set<string>): Planned {
  const key = `${spec.slug}-${String(n).padStart(3, '0')}`;
  const rng = rngFor(key);
  // Forms take turns, so every kind of product in a category is on the shelf.
  const form = spec.forms[(n - 1) % spec.forms.length];
  if (!form) throw new Error(`${spec.slug} has no forms`);
  let finish = rng.pick(spec.finishes);
  let title = '';
  // Redraw until the title is new: the same product twice would look like a duplicate listing.
  for (let attempt = 0; attempt < 50 && (title === '' || titles.has(title)); attempt++) {
    finish = rng.pick(spec.finishes);
    title = `${rng.pick(spec.brands)} ${spec.title(rng, finish, form[0])}`;
  }
  if (titles.has(title)) throw new Error(`${key}: no unique title left; lower its count`);
  titles.add(title);

  const { market, priced } = marketAt(index);
  const currency = !priced || market === 'outlet' ? null : market === 'US' ? 'USD' : market;
  const priceCents = priced ? shelfPrice(rng, [form[1], form[2]], currency ?? 'USD') : null;
  const { url, hostname } = productPage(rngFor(`${key}:url`), spec.hosts, title, market);
  const image = `${key}.jpg`;
  const svg = spec.draw({ rng: rngFor(`${key}:art`), finish, title });
  return {
    product: {
      id: stableUuid(key),
      title,
      priceCents,
      currency,
      url,
      hostname,
      category: spec.slug,
      image,
    },
    svg,
  };
}

const MAX_BYTES = 15 * 1024;

/** JPEG at quality 75; busy patterns (small mosaics) step the quality down to stay under 15 KB. */
async function encode(svg: string): Promise<Buffer> {
  const raster = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
  let jpeg = Buffer.alloc(0);
  for (const quality of [75, 70, 65, 60]) {
    jpeg = await sharp(raster).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_BYTES) break;
  }
  return jpeg;
}

async function main() {
  const planned = plan();
  await mkdir(imageDir, { recursive: true });
  const wanted = new Set(planned.map((p) => p.product.image));
  for (const name of await readdir(imageDir)) {
    if (name.endsWith('.jpg') && !wanted.has(name)) await rm(path.join(imageDir, name));
  }
  let bytes = 0;
  for (const { product, svg } of planned) {
    const jpeg = await encode(svg);
    bytes += jpeg.length;
    await writeFile(path.join(imageDir, product.image), jpeg);
  }
  const products = planned.map((p) => p.product);
  await writeFile(jsonFile, `${JSON.stringify(products, null, 2)}\n`);
  console.log(
    `${products.length} products, ${CATEGORIES.length} categories, images ${(bytes / 1024 / 1024).toFixed(2)} MB`,
  );
}

await main();
