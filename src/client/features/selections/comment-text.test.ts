import { describe, expect, it } from 'vitest';
import {
  commentParts,
  commentView,
  FOLD_CHARS,
  PREVIEW_CHARS,
  type CommentPart,
} from './comment-text';

const text = (parts: CommentPart[]) => parts.map((part) => part.text).join('');
const links = (value: string) =>
  commentParts(value).flatMap((part) => ('href' in part ? [part.href] : []));

describe('commentParts', () => {
  it('links an https address with a query, keeping the text around it', () => {
    const value = 'See https://example.com/finish-guide?a=1&b=2 for the finish.';
    expect(commentParts(value)).toEqual([
      { text: 'See ' },
      {
        text: 'https://example.com/finish-guide?a=1&b=2',
        href: 'https://example.com/finish-guide?a=1&b=2',
      },
      { text: ' for the finish.' },
    ]);
  });

  it('leaves trailing punctuation and an unmatched bracket outside the link', () => {
    expect(links('See https://example.com/guide.')).toEqual(['https://example.com/guide']);
    expect(links('Is it this (https://example.com/a)?')).toEqual(['https://example.com/a']);
    expect(links('Really, http://example.com/x!')).toEqual(['http://example.com/x']);
    expect(links('"https://example.com/q",')).toEqual(['https://example.com/q']);
    expect(links('https://en.wikipedia.org/wiki/Oak_(wood).')).toEqual([
      'https://en.wikipedia.org/wiki/Oak_(wood)',
    ]);
  });

  it('links only http and https addresses', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript://example.com/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:dora@example.com',
      'dora@example.com',
      'ftp://example.com/file',
      '//example.com/path',
      'example.com/finish-guide',
      'www.example.com',
      'vbscript:msgbox(1)',
      'https://',
    ])
      expect(links(value), value).toEqual([]);
  });

  it('finds several links, upper-case schemes, ports and non-ASCII paths', () => {
    const value =
      'A HTTPS://Example.com:8443/a and http://example.com/Ørsted\nB https://b.example.org';
    expect(links(value)).toEqual([
      'HTTPS://Example.com:8443/a',
      'http://example.com/Ørsted',
      'https://b.example.org',
    ]);
    expect(text(commentParts(value))).toBe(value);
  });

  it('keeps text that only looks like markup as text', () => {
    const value = '<a href="https://evil.example">x</a> <b>bold</b>';
    const parts = commentParts(value);
    expect(text(parts)).toBe(value);
    expect(links(value)).toEqual(['https://evil.example']);
  });

  it('gives no parts for an empty comment and one part for plain text', () => {
    expect(commentParts('')).toEqual([]);
    expect(commentParts('Line one\nline two')).toEqual([{ text: 'Line one\nline two' }]);
  });
});

describe('commentView', () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

  it('shows a short comment whole, up to the thresholds', () => {
    expect(commentView('Short and sweet.').preview).toBeNull();
    expect(commentView('x'.repeat(FOLD_CHARS)).preview).toBeNull();
    expect(commentView('1\n2\n3\n4\n5\n6').preview).toBeNull();
  });

  it('folds a long comment to a preview cut between words', () => {
    const value = words(120);
    const { preview } = commentView(value);
    expect(preview).not.toBeNull();
    const shown = text(preview ?? []);
    expect(shown.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(shown.length).toBeGreaterThan(PREVIEW_CHARS - 12);
    expect(value.startsWith(shown)).toBe(true);
    expect(value[shown.length]).toBe(' ');
  });

  it('ends a cut preview on a word, not on a comma or a full stop', () => {
    const value = `${'The blades should match the oak floor, and the light kit must dim. '.repeat(8)}`;
    const shown = text(commentView(value).preview ?? []);
    expect(shown).toMatch(/\w$/);
    expect(value.startsWith(shown)).toBe(true);
  });

  it('folds a comment of many short lines to its first four', () => {
    const { preview } = commentView('1\n2\n3\n4\n5\n6\n7');
    expect(text(preview ?? [])).toBe('1\n2\n3\n4');
  });

  it('never cuts a link: one that crosses the cut ends the preview before it', () => {
    const url = `https://example.com/${'a'.repeat(60)}`;
    const value = `${words(30)} ${url} ${words(40)}`;
    const { parts, preview } = commentView(value);
    expect(text(parts)).toBe(value);
    const shown = preview ?? [];
    expect(shown.some((part) => 'href' in part)).toBe(false);
    expect(value.startsWith(text(shown))).toBe(true);
  });

  it('keeps a link whole in the preview when it comes first', () => {
    const url = `https://example.com/${'a'.repeat(300)}`;
    const { preview } = commentView(`${url} ${words(40)}`);
    expect(preview).toEqual([{ text: url, href: url }]);
  });

  it('does not fold when the preview would be the whole comment', () => {
    const url = `https://example.com/${'a'.repeat(FOLD_CHARS)}`;
    expect(commentView(url).preview).toBeNull();
  });

  it('cuts one long unbroken word when it is all there is', () => {
    const { preview } = commentView('x'.repeat(FOLD_CHARS + 1));
    expect(text(preview ?? [])).toBe('x'.repeat(PREVIEW_CHARS));
  });
});
