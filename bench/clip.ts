import http from 'node:http';
import net from 'node:net';
import sharp from 'sharp';
import { BIG_PAGE_PRODUCT, bigProductPage } from '../tests/support/big-product-page';
import { type LoopDelay, loopDelay, startAppProcess } from './app-process';
import { benchContractor } from './harness';
import type { Benchmark, Measurement } from './table';

const CONCURRENT = 20;
const ROUNDS = 3;
/** The promise: the app's event loop never waits longer than this at p99 while clipping. */
const EVENT_LOOP_BUDGET_MS = 20;

/** The retailer: the same 3 MB page at every /p/ address, and a product photo. */
async function startShop(page: Buffer): Promise<{ origin: string; close: () => Promise<void> }> {
  const photo = await sharp({
    create: { width: 600, height: 600, channels: 3, background: '#b08d57' },
  })
    .jpeg()
    .toBuffer();
  const server = http.createServer((req, res) => {
    const isPhoto = req.url === BIG_PAGE_PRODUCT.image;
    const body = isPhoto ? photo : page;
    res.writeHead(200, {
      'content-type': isPhoto ? 'image/jpeg' : 'text/html; charset=utf-8',
      'content-length': String(body.length),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * One run for both rows: 20 contractors clip the 3 MB page at once, through POST /api/products/
 * of the app in a process of its own (started as `npm start` starts it), against 20 plain
 * fetches of the same page at once. Each clip asks for a new address, so every one fetches and
 * parses the page (a known address answers without fetching). Meanwhile the app samples its own
 * event-loop delay.
 */
async function measureClip(): Promise<{ time: Measurement | Error; loop: Measurement }> {
  const page = bigProductPage();
  const shop = await startShop(page);
  const app = await startAppProcess({
    env: { CLIP_ALLOW_HOSTS: new URL(shop.origin).host, BENCH_EVENT_LOOP_DELAY: '1' },
    ipc: true,
  }).catch(async (err: unknown) => {
    await shop.close();
    throw err;
  });
  const { child, address } = app;
  try {
    // One contractor per concurrent clip: the clip route's per-person limit is a person's pace.
    const cookies: string[] = [];
    for (let i = 0; i < CONCURRENT; i++)
      cookies.push(await benchContractor({ ctx: { db: app.db } }, `bench-clipper-${i}`));

    let next = 0;
    const failures: string[] = [];
    const clipOnce = async (cookie: string) => {
      const res = await fetch(`${address}/api/products/`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${shop.origin}/p/${next++}` }),
      });
      const body = (await res.json()) as { title?: string; message?: string };
      // Counted rather than thrown, so a failing run still reports its times.
      if (res.status !== 200 || body.title !== BIG_PAGE_PRODUCT.title)
        failures.push(`${res.status} ${body.message ?? body.title}`);
    };
    const fetchOnce = async () => {
      const res = await fetch(`${shop.origin}/p/plain`);
      if ((await res.arrayBuffer()).byteLength !== page.length) throw new Error('short page');
    };
    const clipRound = () => Promise.all(cookies.map(clipOnce));
    const fetchRound = () => Promise.all(cookies.map(fetchOnce));

    // Warm-up: the first clip joins the catalogue and copies the photo; later ones find it.
    await clipOnce(cookies[0]!);
    await clipRound();
    await fetchRound();

    const warmUpFailures = failures.splice(0).length;
    // What this machine's load alone does to the app's event loop, for reading the figure below.
    await loopDelay(child, 'reset');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idle = await loopDelay(child, 'read');
    const clipMs: number[] = [];
    const fetchMs: number[] = [];
    let worst: LoopDelay | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      await loopDelay(child, 'reset');
      clipMs.push(await timed(clipRound));
      const during = await loopDelay(child, 'read');
      if (!worst || during.p99Ms > worst.p99Ms) worst = during;
      fetchMs.push(await timed(fetchRound));
    }
    const clip = median(clipMs);
    const plain = median(fetchMs);
    const loop = worst!;
    const round = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const times = `clips ${round(clipMs)} ms; plain fetches ${round(fetchMs)} ms`;
    const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
    const loopMeasurement: Measurement = {
      figure: loop.p99Ms,
      reference: EVENT_LOOP_BUDGET_MS,
      unit: 'ms',
      notes: [
        `worst round of ${ROUNDS}: p99 ${loop.p99Ms.toFixed(1)} ms, max ${loop.maxMs.toFixed(1)} ms over ${loop.samples} samples (every 5 ms); main thread busy ${pct(loop.busy)} of the round`,
        `the same app idle for 3 s just before: p99 ${idle.p99Ms.toFixed(1)} ms, max ${idle.maxMs.toFixed(1)} ms (the machine's own load)`,
      ],
    };
    if (failures.length > 0) {
      const reasons = [...new Set(failures)].join('; ');
      return {
        time: new Error(
          `${failures.length} of ${ROUNDS * CONCURRENT} clips failed (${reasons}), ${warmUpFailures} in the warm-up; ${times}`,
        ),
        loop: loopMeasurement,
      };
    }
    return {
      time: {
        figure: clip,
        reference: plain,
        unit: 'ms',
        notes: [
          `page ${page.length.toLocaleString('en-US')} bytes; ${CONCURRENT} at once, median of ${ROUNDS} rounds`,
          times,
        ],
      },
      loop: loopMeasurement,
    };
  } finally {
    await app.stop();
    await shop.close();
  }
}

/** Both rows come from one run, whichever of them is asked for first. */
let run: Promise<{ time: Measurement | Error; loop: Measurement }> | undefined;
const measured = () => (run ??= measureClip());

export const clip: Benchmark = {
  name: 'clip',
  title: `clip a 3 MB product page from a local server, ${CONCURRENT} concurrent, time`,
  reference: 'a plain fetch of the same bytes, 20 concurrent',
  target: { compare: '<=', ratio: 2 },
  databaseBound: false,
  run: async () => {
    const { time } = await measured();
    if (time instanceof Error) throw time;
    return time;
  },
};

export const clipEventLoop: Benchmark = {
  name: 'clip-event-loop',
  title: `the app's event-loop delay p99 while ${CONCURRENT} clips run`,
  reference: `the ${EVENT_LOOP_BUDGET_MS} ms budget`,
  target: { compare: '<=', ratio: 1 },
  databaseBound: false,
  run: async () => (await measured()).loop,
};
