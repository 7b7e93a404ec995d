import { describe, expect, it } from 'vitest';
import { hostnameOf, isHttpUrl, photoUrlAlert, productUrlAlert, safeHref } from './products';

describe('product URLs', () => {
  it('accepts absolute http and https URLs only', () => {
    expect(isHttpUrl('https://www.example.com/p/1')).toBe(true);
    expect(isHttpUrl('http://example.net')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.com/x',
      '/relative/path',
      'www.example.com',
      '',
    ])
      expect(isHttpUrl(bad), bad).toBe(false);
  });

  it('never makes a link of a javascript: URL', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(' javascript:alert(1)')).toBeUndefined();
    expect(safeHref('https://shop.example.com/p/2')).toBe('https://shop.example.com/p/2');
  });

  it('names the host in lower case', () => {
    expect(hostnameOf('https://Shop.Example.COM/p/2')).toBe('shop.example.com');
    expect(hostnameOf('not a url')).toBe('');
  });

  it('words the §5 alerts with an example host', () => {
    expect(productUrlAlert()).toBe('Please enter valid Product URL. E.g. https://www.example.com/');
    expect(photoUrlAlert()).toBe('Please enter valid Photo URL. E.g. https://www.example.com/');
  });
});
