import { describe, expect, it } from 'vitest';
import {
  MAX_PRODUCT_URL_BYTES,
  catalogueProductUrl,
  normaliseProductUrl,
  storableProductUrl,
} from './product-url';

describe('normaliseProductUrl', () => {
  it('lower-cases the host and drops the fragment, default port and credentials', () => {
    expect(normaliseProductUrl(' HTTPS://user:pw@Shop.Example.COM:443/Item/42#reviews ')).toBe(
      'https://shop.example.com/Item/42',
    );
  });

  it('drops tracking parameters and keeps the others as written', () => {
    expect(
      normaliseProductUrl('https://shop.example/p?id=7&utm_source=x&UTM_Medium=y&gclid=1&fbclid=2'),
    ).toBe('https://shop.example/p?id=7');
    expect(normaliseProductUrl('https://shop.example/p?q=a%20b&utm_campaign=z')).toBe(
      'https://shop.example/p?q=a+b',
    );
    expect(normaliseProductUrl('https://shop.example/p?q=a%20b')).toBe(
      'https://shop.example/p?q=a%20b',
    );
    expect(normaliseProductUrl('https://shop.example/p?utm_source=x')).toBe(
      'https://shop.example/p',
    );
  });

  it('for the shared catalogue, drops what a link copied from a session may carry: secrets, e-mail addresses', () => {
    const copied =
      'https://shop.example/p?id=7&token=abc&SessionId=s1&oauth_token=t&email=jane%40home.example&cart=8f2c&author=kim&img=tap@2x.jpg';
    expect(catalogueProductUrl(copied)).toBe(
      'https://shop.example/p?id=7&cart=8f2c&author=kim&img=tap%402x.jpg',
    );
    expect(
      catalogueProductUrl('https://shop.example/p?authKey=1&apikey=2&api_key=3&x-signature=4'),
    ).toBe('https://shop.example/p');
    // Fetched, and kept on a proposal, as given.
    expect(normaliseProductUrl(copied)).toBe(copied);
    expect(storableProductUrl(copied)).toBe(copied);
  });

  it('refuses what is not an http(s) URL', () => {
    expect(normaliseProductUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseProductUrl('/relative')).toBeNull();
    expect(normaliseProductUrl('ftp://shop.example/x')).toBeNull();
  });
});

describe('storableProductUrl', () => {
  it('keeps a normalised URL up to the cap', () => {
    const base = 'https://shop.example/p/';
    const fits = base + 'a'.repeat(MAX_PRODUCT_URL_BYTES - base.length);
    expect(storableProductUrl(`${fits}#reviews`)).toBe(fits);
  });

  it('refuses one that percent-encoding makes longer than the cap', () => {
    // 1,900 characters pass the form's length check but encode to about 17 KB.
    const cjk = `https://shop.example/p/${'水'.repeat(1900)}`;
    expect(normaliseProductUrl(cjk)?.length).toBeGreaterThan(MAX_PRODUCT_URL_BYTES);
    expect(storableProductUrl(cjk)).toBeNull();
    expect(storableProductUrl('javascript:alert(1)')).toBeNull();
  });
});
