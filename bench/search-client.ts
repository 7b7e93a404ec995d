/**
 * The catalogue-search benchmark's client, in a process of its own (bench/catalogue-search.ts):
 * it sends the searches and inflates the replies as a browser would, on its own event loop and
 * zlib threads, never the app's or the benchmark's. Asked over IPC with a block of searches, it
 * answers each one's times in milliseconds.
 */

/** What Chromium sends: the app picks Brotli for a reply it compresses. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export interface SearchBlock {
  address: string;
  paths: string[];
}

export interface SearchTimes {
  /** As a browser asks, the reply inflated. */
  search: number[];
  /** The same search asking for no compression. */
  uncompressed: number[];
  /** `GET /healthz` (no database, 15 bytes) right after: the floor of a round trip. */
  floor: number[];
}

async function time(url: string, encoding: string): Promise<number> {
  const start = performance.now();
  const reply = await fetch(url, { headers: { 'accept-encoding': encoding } });
  await reply.arrayBuffer();
  const ms = performance.now() - start;
  if (reply.status !== 200) throw new Error(`${url}: ${reply.status}`);
  return ms;
}

const send = process.send?.bind(process);
if (!send) throw new Error('bench/search-client.ts runs as a child with an IPC channel');

process.on('message', (message: SearchBlock) => {
  void (async () => {
    const times: SearchTimes = { search: [], uncompressed: [], floor: [] };
    // Query by query, so that a change in the machine's load falls on all three alike.
    for (const path of message.paths) {
      times.search.push(await time(message.address + path, BROWSER_ENCODINGS));
      times.uncompressed.push(await time(message.address + path, 'identity'));
      times.floor.push(await time(`${message.address}/healthz`, BROWSER_ENCODINGS));
    }
    return times;
  })().then(
    (times) => send({ times }),
    (err: unknown) => send({ error: String(err) }),
  );
});
