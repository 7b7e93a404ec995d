/*
 * Benchmarks print ratios measured in one run, because these machines are noisy: absolute numbers
 * move with the neighbours, ratios between two things measured side by side do not (much).
 *
 *   npm run bench
 */
import { catalogueSearch } from './catalogue-search';
import { largestProposal } from './largest-proposal';
import { sessionLookup } from './session-lookup';

const results = [await sessionLookup(), await catalogueSearch(), await largestProposal()];
for (const r of results) {
  console.log(`\n${r.name}`);
  for (const line of r.lines) console.log(`  ${line}`);
}
