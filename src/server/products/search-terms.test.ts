import { describe, expect, it } from 'vitest';
import { fts5Match, searchWords, tsQuery } from './search-terms';

describe('searchWords', () => {
  it('keeps only words of letters and digits, lower-cased, without repeats', () => {
    expect(searchWords('Kitchen  FAUCET, faucet!', 'all')).toEqual(['kitchen', 'faucet']);
    expect(searchWords('3/4" Brass-Valve', 'all')).toEqual(['3', '4', 'brass', 'valve']);
  });

  it('drops every piece of query syntax', () => {
    for (const text of [
      '"sink',
      'NEAR(a b)',
      'title:sink',
      'sink:*',
      'a & b | !c',
      '(x) OR y*',
      "o'reilly",
    ]) {
      for (const word of searchWords(text, 'all')) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
    }
    expect(searchWords('""  :* & | ! ( ) -', 'all')).toEqual([]);
  });

  it('keeps accented letters whole', () => {
    expect(searchWords('Café Crème', 'all')).toEqual(['café', 'crème']);
  });

  it('leaves short and common words out of suggestions only', () => {
    expect(searchWords('Sink and faucet for the island', 'any')).toEqual([
      'sink',
      'faucet',
      'island',
    ]);
    expect(searchWords('Sink and faucet', 'all')).toEqual(['sink', 'and', 'faucet']);
  });

  it('bounds the number and length of words', () => {
    expect(
      searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '), 'all'),
    ).toHaveLength(12);
    expect(searchWords('x'.repeat(100), 'all')[0]).toHaveLength(40);
  });
});

describe('match expressions', () => {
  it('make every word a quoted prefix', () => {
    expect(fts5Match(['kitchen', 'fauc'], 'all')).toBe('"kitchen"* AND "fauc"*');
    expect(fts5Match(['kitchen', 'fauc'], 'any')).toBe('"kitchen"* OR "fauc"*');
    expect(tsQuery(['kitchen', 'fauc'], 'all')).toBe("'kitchen':* & 'fauc':*");
    expect(tsQuery(['kitchen', 'fauc'], 'any')).toBe("'kitchen':* | 'fauc':*");
  });
});
