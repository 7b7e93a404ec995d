/*
 * What a visitor types becomes a list of words of letters and digits, and only those words reach
 * the database, each as a quoted prefix. Quotes, NEAR, AND/OR/NOT, column filters, `:*`, `&`, `!`
 * and parentheses are never passed on, so no input can change the query or make it fail.
 */

export type MatchMode = 'all' | 'any';

/** More words than this add nothing to a catalogue search and only cost time. */
const MAX_TERMS = 12;
const MAX_TERM_LENGTH = 40;

/**
 * A search ranks at most this many matches: the first the engine's index yields. Fewer matches
 * are ranked exactly as before; a word found in thousands of products costs little more than one
 * found in two hundred (decision 0025). 25 pages of 8.
 */
export const SEARCH_CANDIDATES = 200;

// Suggestions match item names such as 'Sink and faucet for the island': these small words
// would match half the catalogue and push the relevant products down.
const SUGGESTION_STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** Lower-case words of letters and digits, in order, without repeats. */
export function searchWords(text: string, mode: MatchMode): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = new Set<string>();
  for (const word of words) {
    if (mode === 'any' && (word.length < 2 || SUGGESTION_STOP_WORDS.has(word))) continue;
    kept.add(word.slice(0, MAX_TERM_LENGTH));
    if (kept.size === MAX_TERMS) break;
  }
  return [...kept];
}

/** An FTS5 MATCH expression: every word a quoted prefix ("fauc"* finds faucets). */
export function fts5Match(words: readonly string[], mode: MatchMode): string {
  return words.map((w) => `"${w}"*`).join(mode === 'all' ? ' AND ' : ' OR ');
}

/** A PostgreSQL to_tsquery text: every word a quoted prefix ('fauc':* finds faucets). */
export function tsQuery(words: readonly string[], mode: MatchMode): string {
  return words.map((w) => `'${w}':*`).join(mode === 'all' ? ' & ' : ' | ');
}
