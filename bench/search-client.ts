/**
 * The catalogue-search benchmark's client, in a process of its own (bench/catalogue-search.ts):
 * it sends the searches as a browser does and inflates the replies on its own thread, never the
 * app's or the benchmark's. Asked over IPC with a block of searches, it answers each one's times
 * in milliseconds.
 */
import http from 'node:http';
import zlib from 'node:zlib';

/** What Chromium sends: the app picks Brotli for a reply it compresses. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export interface SearchBlock {
  address: string;
  paths: string[];
}

export interface SearchTimes {
  /** As a browser asks, the reply inflated as it arrives (see `browserGet`). */
  search: number[];
  /** The same search through `fetch`, which inflates through a zlib stream. */
  fetched: number[];
  /** The same search asking for no compression. */
  uncompressed: number[];
  /** `GET /healthz` (no database, 15 bytes) right after: the floor of a round trip. */
  floor: number[];
}

// One kept-alive connection, as a page's requests to its own origin share one.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const inflate: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
  deflate: (bytes) => zlib.inflateSync(bytes),
};

/**
 * A GET as Chromium's network service makes it: the reply inflated in the thread that reads it,
 * in one call for a reply this small. (`fetch` in Node hands every reply to a zlib stream whose
 * work runs on libuv's thread pool, a hand-off per reply that a browser does not make.)
 */
function browserGet(url: string, encoding: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const body = coding ? inflate[coding]?.(bytes) : bytes;
          const ms = performance.now() - start;
          if (res.statusCode !== 200 || !body) reject(new Error(`${url}: ${res.statusCode}`));
          else resolve(ms);
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function fetched(url: string): Promise<number> {
  const start = performance.now();
  const reply = await fetch(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS } });
  await reply.arrayBuffer();
  const ms = performance.now() - start;
  if (reply.status !== 200) throw new Error(`${url}: ${reply.status}`);
  return ms;
}

const send = process.send?.bind(process);
if (!send) throw new Error('bench/search-client.ts runs as a child with an IPC channel');

process.on('message', (message: SearchBlock) => {
  void (async () => {
    const times: SearchTimes = { search: [], fetched: [], uncompressed: [], floor: [] };
    // Query by query, so that a change in the machine's load falls on all of them alike.
    for (const path of message.paths) {
      const url = message.address + path;
      times.search.push(await browserGet(url, BROWSER_ENCODINGS));
      times.fetched.push(await fetched(url));
      times.uncompressed.push(await browserGet(url, 'identity'));
      times.floor.push(await browserGet(`${message.address}/healthz`, BROWSER_ENCODINGS));
    }
    return times;
  })().then(
    (times) => send({ times }),
    (err: unknown) => send({ error: String(err) }),
  );
});
