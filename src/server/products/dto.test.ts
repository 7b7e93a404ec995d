import { describe, expect, it } from 'vitest';
import { toProductDto, type ProductRow } from './dto';

const row = (overrides: Partial<ProductRow>): ProductRow => ({
  id: 'p1',
  title: 'Faucet',
  url: 'https://shop.example/faucet',
  image_url: '',
  image_file_id: null,
  price_cents: 24_950,
  currency: 'USD',
  hostname: 'shop.example',
  keywords: '',
  manual: 0,
  catalogue: 1,
  created_by: null,
  created_at: 0,
  ...overrides,
});

describe('toProductDto', () => {
  it("shows a product's image from this site: its stored copy, or a seed product's path", () => {
    expect(toProductDto(row({ image_file_id: 'f1', image_url: '//x' }), null).image).toBe(
      '/api/files/f1',
    );
    expect(toProductDto(row({ image_url: '/catalogue/faucet.png' }), null).image).toBe(
      '/catalogue/faucet.png',
    );
  });

  it("never another site's image, however its address is written", () => {
    for (const image_url of [
      'https://shop.example/faucet.png',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'javascript:alert(1)',
    ])
      expect(toProductDto(row({ image_url }), null).image).toBe('');
  });
});
