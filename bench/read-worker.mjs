// The readers of `largest-allowed` on a thread of their own (bench/largest-proposal.ts): each
// reads the proposal as a browser asks for it, body kept as sent, `concurrent` at a time, until
// `reads` are done. A thread apart from the one timing the tiny requests, as other clients are.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, reads, concurrent } = workerData;

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

let next = 0;
let readMs = 0;
parentPort.postMessage({ started: true });
Promise.all(
  Array.from({ length: concurrent }, async () => {
    while (next++ < reads) {
      const start = performance.now();
      const status = await read();
      readMs += performance.now() - start;
      if (status !== 200) throw new Error(`GET proposal: ${status}`);
    }
  }),
).then(
  () => parentPort.postMessage({ readMs }),
  (err) => parentPort.postMessage({ error: String(err) }),
);
