// The readers of `largest-allowed` on a thread of their own (bench/largest-proposal.ts): each
// reads the proposal as a browser asks for it, body kept as sent, `concurrent` at a time, until
// at least `reads` are done and the parent has posted 'enough' (it has timed as many tiny requests
// as it wants). A thread apart from the one timing the tiny requests, as other clients are.
// `warmup` reads go first, at the same concurrency and untimed, before 'started' is posted: the
// idle side of the benchmark is timed after a warm-up of its own, so the busy side is too.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, reads, concurrent, warmup = 0, untilTold = false } = workerData;
let told = !untilTold;
parentPort.on('message', (message) => {
  if (message === 'enough') told = true;
});

const read = () =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      })
      .on('error', reject);
  });

/**
 * `count` reads, `concurrent` at a time, and more until told when `tell` is set; the reads made
 * and the milliseconds they took, summed.
 */
async function readAll(count, tell = false) {
  let next = 0;
  let readMs = 0;
  await Promise.all(
    Array.from({ length: concurrent }, async () => {
      while (next < count || (tell && !told)) {
        next += 1;
        const start = performance.now();
        const status = await read();
        readMs += performance.now() - start;
        if (status !== 200) throw new Error(`GET proposal: ${status}`);
      }
    }),
  );
  return { reads: next, readMs };
}

readAll(warmup)
  .then(() => {
    parentPort.postMessage({ started: true });
    return readAll(reads, true);
  })
  .then(
    (done) => parentPort.postMessage(done),
    (err) => parentPort.postMessage({ error: String(err) }),
  );
