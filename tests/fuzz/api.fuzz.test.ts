/**
 * The fuzz tier (issue 11, decision 0017): every operation of the served OpenAPI document, with
 * requests drawn from its schemas and deliberately broken ones, against a real server on SQLite
 * in a process of its own, as an anonymous visitor, two contractors and a homeowner. It fails on
 * a 5xx, on a reply whose body does not match the schema the document declares for its status,
 * and on a server that is no longer running or answering at the end. Prints its seed and counts.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { startFuzzServer } from './support/fuzz-server';
import { listOperations, ReplyChecker, type Operation } from './support/openapi';
import { describeRequest, requestArbitrary, type FuzzRequest } from './support/requests';
import { fuzzSettings, operationSeed } from './support/settings';
import { keepSignedIn, makeWorld } from './support/world';

const settings = fuzzSettings();
const IDENTITIES = ['anonymous', 'contractor', 'homeowner', 'sharer'] as const;

const server = await startFuzzServer();
let document: unknown;
if (settings.document) {
  document = JSON.parse(fs.readFileSync(settings.document, 'utf8'));
} else {
  const res = await server.send('GET', '/api/openapi.json');
  if (res.status !== 200) {
    await server.close();
    throw new Error(`GET /api/openapi.json answered ${res.status}: ${res.text.slice(0, 300)}`);
  }
  document = JSON.parse(res.text);
}

/** Operations that end a session or remove data go last, so the others see a full world. */
function lateness(op: Operation): number {
  if (/logout/i.test(op.path)) return 3;
  if (op.method === 'DELETE' || /delete|archive|reassign|sign/i.test(op.path)) return 2;
  return op.method === 'GET' ? 0 : 1;
}

const operations = listOperations(document)
  .filter((op) => !settings.operations || settings.operations.includes(op.operationId))
  .sort((a, b) => lateness(a) - lateness(b));
const world = await makeWorld(server, operations);
const checker = new ReplyChecker(document);

const counts = {
  operations: 0,
  requests: 0,
  byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 } as Record<string, number>,
  byVariant: {} as Record<string, number>,
  failures: 0,
};
const undeclared = new Map<string, number>();
let crashed = false;

console.log(
  `fuzz: seed ${settings.seed}, ${settings.runs} runs per operation, ${operations.length} operations` +
    ` (reproduce: FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs} npx vitest run --project fuzz)`,
);

afterAll(async () => {
  const classes = Object.entries(counts.byClass)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const variants = Object.entries(counts.byVariant)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const lines = [
    `fuzz: ${counts.operations} operations, ${counts.requests} requests (${classes}), ${counts.failures} failures; seed ${settings.seed}`,
    `fuzz: requests by kind: ${variants}`,
  ];
  if (undeclared.size > 0) {
    lines.push(
      `fuzz: statuses the document does not declare (not failures): ${[...undeclared]
        .map(([k, v]) => `${k} ×${v}`)
        .join(', ')}`,
    );
  }
  console.log(lines.join('\n'));
  await server.close();
});

async function exchange(op: Operation, req: FuzzRequest): Promise<void> {
  counts.requests++;
  counts.byVariant[req.variant] = (counts.byVariant[req.variant] ?? 0) + 1;
  let reply;
  try {
    reply = await server.send(req.method, req.url, {
      cookie: world.cookies[req.identity],
      headers: req.headers,
      body: req.body,
    });
  } catch (err) {
    throw new Error(`no answer (${err instanceof Error ? err.message : String(err)})`, {
      cause: err,
    });
  }
  const cls = `${Math.floor(reply.status / 100)}xx`;
  counts.byClass[cls] = (counts.byClass[cls] ?? 0) + 1;
  const verdict = checker.check(op, reply);
  if (!verdict.declared && reply.status < 500) {
    const key = `${op.operationId} ${reply.status}`;
    undeclared.set(key, (undeclared.get(key) ?? 0) + 1);
  }
  if (!verdict.ok) throw new Error(verdict.problem);
}

describe.sequential('fuzz: every operation of /api/openapi.json', () => {
  test('the document has operations', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  for (const op of operations) {
    test(`${op.operationId}: ${op.method} ${op.path}`, async () => {
      expect(crashed, 'the server stopped answering during an earlier operation').toBe(false);
      counts.operations++;
      const seed = operationSeed(settings.seed, op.operationId);
      const arbitrary = requestArbitrary(op, IDENTITIES, { root: document, ids: world.ids });
      const details = await fc.check(
        fc.asyncProperty(arbitrary, (req) => exchange(op, req)),
        { seed, numRuns: settings.runs, endOnFailure: !settings.shrink },
      );
      await keepSignedIn(server, world).catch(() => undefined);
      if (!details.failed) return;
      counts.failures++;
      if (!(await server.alive())) crashed = true;
      const req = details.counterexample?.[0];
      const why =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance);
      expect.fail(
        [
          `${op.operationId} failed after ${details.numRuns} requests: ${why}`,
          `request: ${req ? describeRequest(req) : '?'}`,
          `replay: FUZZ_SEED=${settings.seed} FUZZ_OPERATIONS=${op.operationId} FUZZ_RUNS=${settings.runs} npx vitest run --project fuzz` +
            ` (fast-check seed ${seed}, path ${details.counterexamplePath ?? '?'})`,
          crashed ? `the server is no longer answering; its log: ${server.logFile}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      );
    });
  }

  test('the server is still running and answering', async () => {
    expect(server.exitCode(), `the server exited; its log: ${server.logFile}`).toBe(null);
    expect(await server.alive()).toBe(true);
  });
});
