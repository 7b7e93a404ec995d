/**
 * The fuzz tier's settings, from the environment (docs/testing.md):
 * - FUZZ_RUNS: requests per operation (default 100);
 * - FUZZ_SEED: the seed of the whole run (default: random, always printed);
 * - FUZZ_OPERATIONS: only these operationIds, comma-separated;
 * - FUZZ_SHRINK=1: shrink a failing request to a smaller one (more requests);
 * - FUZZ_DOCUMENT: a file to read the OpenAPI document from instead of GET /api/openapi.json.
 */
export interface FuzzSettings {
  runs: number;
  seed: number;
  operations: string[] | undefined;
  shrink: boolean;
  document: string | undefined;
}

export const DEFAULT_RUNS = 100;

export function fuzzSettings(env: Record<string, string | undefined> = process.env): FuzzSettings {
  const runs = env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : DEFAULT_RUNS;
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`FUZZ_RUNS must be a whole number ≥ 1, not ${env.FUZZ_RUNS}`);
  const seed = env.FUZZ_SEED
    ? Number(env.FUZZ_SEED)
    : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  if (!Number.isInteger(seed))
    throw new Error(`FUZZ_SEED must be an integer, not ${env.FUZZ_SEED}`);
  const operations = env.FUZZ_OPERATIONS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    runs,
    seed,
    operations: operations?.length ? operations : undefined,
    shrink: env.FUZZ_SHRINK === '1',
    document: env.FUZZ_DOCUMENT || undefined,
  };
}

/** One operation's seed: the run's seed mixed with its id, so FUZZ_OPERATIONS replays it alone. */
export function operationSeed(seed: number, operationId: string): number {
  let h = seed | 0;
  for (let i = 0; i < operationId.length; i++)
    h = Math.imul(h ^ operationId.charCodeAt(i), 0x01000193);
  return h | 0;
}
