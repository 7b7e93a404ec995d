import { describe, expect, it } from 'vitest';
import { FAQ_GROUPS, searchFaq } from './faq-content';

const ids = (query: string) => searchFaq(query).map((q) => q.id);

describe('searching the FAQ', () => {
  it('lists every question, in FAQ order, for an empty search', () => {
    const all = FAQ_GROUPS.flatMap((g) => g.questions.map((q) => q.id));
    expect(ids('')).toEqual(all);
    expect(ids('   ')).toEqual(all);
  });

  it('finds words by their start, in question or answer, questions first', () => {
    expect(ids('sign')[0]).toBe('sign');
    expect(ids('sign')).toContain('log');
    expect(ids('PASSWORD')).toEqual(['password']);
    expect(ids('designer')).toEqual(['team']);
  });

  it('needs every typed word', () => {
    expect(ids('happy')).toEqual(['guarantee']);
    expect(ids('happy contractor')).toEqual([]);
    expect(ids('faucet zebra')).toEqual([]);
  });

  it('reads links by their words', () => {
    expect(ids('log in page')).toContain('password');
  });
});
