import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRESET_LISTS } from '../../../shared/defaults/preset-items';
import { hostnameOf } from '../../../shared/domain/products';
import { SEED_IMAGE_DIR, SEED_PRODUCTS } from './catalogue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RESERVED = /(^|\.)example\.(com|net|org)$/;

/*
 * The preset items a homeowner shops for, and what a catalogue title must say to be a product for
 * it. Selection items need at least 4 (the shop page suggests up to 4); the other product items
 * at least 3.
 */
const SELECTION_ITEMS: Record<string, RegExp> = {
  Cabinets: /Cabinet\b/,
  'Cabinet hardware': /Cabinet (Hardware )?\S*\s?(Pull|Knob)|Cabinet Hardware/,
  Countertops: /Countertop/,
  'Backsplash tile': /Backsplash Tile/,
  'Kitchen sink': /Kitchen Sink/,
  'Kitchen faucet': /Kitchen Faucet/,
  'Garbage disposal': /Garbage Disposal/,
  Refrigerator: /Refrigerator/,
  Range: /\bRange\b(?! Hood)/,
  'Range hood': /Range Hood/,
  Dishwasher: /Dishwasher/,
  Microwave: /Microwave/,
  'Pendant and ceiling lights': /Pendant|Ceiling Light/,
  Flooring: /Flooring/,
  Vanity: /Bathroom Vanity/,
  'Vanity top': /Vanity Top/,
  'Bathroom sink': /Bathroom Sink/,
  'Bathroom faucet': /Bathroom Faucet/,
  Toilet: /Toilet(?! Paper)/,
  Bathtub: /Bathtub/,
  'Shower valve and trim': /Shower Valve and Trim/,
  'Shower glass door': /Shower Glass Door|Shower Door/,
  'Floor tile': /Floor Tile/,
  'Wall tile': /Wall Tile/,
  Mirror: /Mirror/,
  'Vanity light': /Vanity Light/,
  'Exhaust fan': /Exhaust Fan/,
  'Towel bars and accessories': /Towel Bar|Accessories/,
};

const OTHER_PRODUCT_ITEMS: Record<string, RegExp> = {
  Cooktop: /Cooktop/,
  'Wall oven': /Wall Oven/,
  Windows: /Window\b/,
  'Exterior doors': /Exterior Door|Front Door/,
  'Interior doors': /Interior Door|Barn Door/,
  'Door hardware': /Door (Lever|Knob|Handleset|Hardware)/,
  'Garage door': /Garage Door/,
  'Exterior light fixtures': /Outdoor Wall|Exterior Wall/,
  'Landscape lighting': /Landscape Path Light/,
  'Recessed lighting': /Recessed Light/,
  'Under-cabinet lighting': /Under-Cabinet Light/,
  'Ceiling fans': /Ceiling Fan/,
  'Light fixtures': /Chandelier|Sconce|Pendant|Ceiling Light/,
  'Water heater': /Water Heater/,
  Thermostat: /Thermostat/,
  'Bathroom exhaust fan': /Bathroom Exhaust Fan/,
  'Hardwood flooring': /Hardwood Flooring/,
  'Engineered wood flooring': /Engineered (Hardwood|Wood) Flooring/,
  'Luxury vinyl plank': /Luxury Vinyl Plank/,
  'Tile flooring': /Floor Tile/,
  Carpet: /Carpet/,
  Paint: /\bPaint\b/,
  Wallpaper: /Wallpaper/,
  Baseboards: /Baseboard/,
  'Medicine cabinet': /Medicine Cabinet/,
  'Grab bars': /Grab Bar/,
  'Towel ring': /Towel Ring/,
  'Toilet paper holder': /Toilet Paper Holder/,
  'Vanity or pedestal sink': /Pedestal|Bathroom Vanity/,
  'Paver patio': /Paver/,
};

const presetNames = new Set(PRESET_LISTS.flatMap((list) => list.items.map(([name]) => name)));
const matching = (pattern: RegExp) => SEED_PRODUCTS.filter((p) => pattern.test(p.title));

describe('seed catalogue', () => {
  it('holds at least 300 products with unique, valid UUIDs', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(300);
    const ids = SEED_PRODUCTS.map((p) => p.id);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has unique titles and unique product pages, since clipped products dedupe by URL', () => {
    expect(new Set(SEED_PRODUCTS.map((p) => p.title)).size).toBe(SEED_PRODUCTS.length);
    expect(new Set(SEED_PRODUCTS.map((p) => p.url)).size).toBe(SEED_PRODUCTS.length);
  });

  it('links only to https pages on reserved example domains, with the matching hostname', () => {
    for (const p of SEED_PRODUCTS) {
      const url = new URL(p.url);
      expect(url.protocol, p.url).toBe('https:');
      expect(url.hostname, p.url).toMatch(RESERVED);
      expect(p.hostname).toBe(url.hostname);
      expect(hostnameOf(p.url)).toBe(p.hostname);
      expect(url.pathname.length, p.url).toBeGreaterThan(3);
    }
  });

  it('prices in whole, non-negative cents with a known currency, and covers the edge cases', () => {
    for (const p of SEED_PRODUCTS) {
      if (p.priceCents !== null) {
        expect(Number.isSafeInteger(p.priceCents), p.title).toBe(true);
        expect(p.priceCents, p.title).toBeGreaterThanOrEqual(0);
      }
      expect([null, 'USD', 'GBP', 'EUR']).toContain(p.currency);
    }
    const count = (test: (p: (typeof SEED_PRODUCTS)[number]) => boolean) =>
      SEED_PRODUCTS.filter(test).length;
    expect(count((p) => p.currency === 'USD')).toBeGreaterThan(SEED_PRODUCTS.length / 2);
    expect(count((p) => p.currency === 'GBP')).toBeGreaterThanOrEqual(5);
    expect(count((p) => p.currency === 'EUR')).toBeGreaterThanOrEqual(5);
    // The 'no currency' tooltip needs priced products without a currency.
    expect(count((p) => p.currency === null && p.priceCents !== null)).toBeGreaterThanOrEqual(3);
    expect(count((p) => p.priceCents === null)).toBeGreaterThanOrEqual(3);
  });

  it('has a 480×480 JPEG of its own for every product, and nothing else in the image folder', async () => {
    const files = new Set(readdirSync(SEED_IMAGE_DIR));
    const images = SEED_PRODUCTS.map((p) => p.image);
    expect(new Set(images).size).toBe(images.length);
    expect([...files].sort()).toEqual([...images].sort());
    let total = 0;
    for (const image of images) {
      const file = path.join(SEED_IMAGE_DIR, image);
      expect(existsSync(file), image).toBe(true);
      const meta = await sharp(file).metadata();
      expect({ image, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        image,
        format: 'jpeg',
        width: 480,
        height: 480,
      });
      const size = statSync(file).size;
      expect(size, image).toBeLessThanOrEqual(15 * 1024);
      total += size;
    }
    expect(total).toBeLessThan(6 * 1024 * 1024);
  });

  it('offers at least 4 products for every selection item of the preset lists', () => {
    const selectionItems = PRESET_LISTS.flatMap((list) =>
      list.items.filter(([, , selection]) => selection === true).map(([name]) => name),
    );
    // A new selection item in the presets must get products (and a row above) too.
    expect(Object.keys(SELECTION_ITEMS).sort()).toEqual([...new Set(selectionItems)].sort());
    for (const [item, pattern] of Object.entries(SELECTION_ITEMS)) {
      expect(matching(pattern).length, item).toBeGreaterThanOrEqual(4);
    }
  });

  it('offers products for the other product items contractors list', () => {
    for (const [item, pattern] of Object.entries(OTHER_PRODUCT_ITEMS)) {
      expect(presetNames.has(item), `${item} is a preset item`).toBe(true);
      expect(matching(pattern).length, item).toBeGreaterThanOrEqual(3);
    }
  });

  it('resolves its image folder independently of the working directory', () => {
    expect(path.isAbsolute(SEED_IMAGE_DIR)).toBe(true);
    expect(SEED_IMAGE_DIR.endsWith(path.join('assets', 'catalogue'))).toBe(true);
  });
});
