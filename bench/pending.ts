import type { Benchmark } from './table';

/**
 * Issue 12's promises that have no benchmark yet. They stay in the table, counted as not met,
 * each with what would measure it, so the table never looks better than the product is.
 */
export const pending = {
  typing: {
    name: 'typing',
    title: 'typing into item 600 of a 1,200-item plan, keystroke to paint p95',
    reference: 'a lone input on an empty page',
    target: { compare: '<=', ratio: 2 },
    databaseBound: false,
    pending: 'needs a CDP trace of keystroke to paint in the editor',
  },
} satisfies Record<string, Benchmark>;
