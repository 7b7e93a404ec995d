import { execFile } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

/** One autocannon run against `url` in a process of its own. */
async function drive(
  url: string,
  { connections, seconds, headers = {} }: LoadOptions,
): Promise<LoadResult> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = [autocannonBin, '-j', '-c', String(connections), ...headerArgs];
  const { stdout } = await run(process.execPath, [...args, '-d', String(seconds), url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} connection errors under load`);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/**
 * Drives `url` with autocannon in a process of its own, so the load generator does not share the
 * measured server's event loop. A warm-up second is thrown away.
 */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  await drive(url, { ...options, seconds: 1 });
  return drive(url, options);
}

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
}

/**
 * `load` for servers compared with each other: each target warmed for a second, then driven in
 * turn, `rounds` times, `seconds` each, so a change in the machine's load (other processes on the
 * two cores) falls on every side alike rather than on one side's whole run. Per target:
 * requests per second averaged over its rounds, the highest p99, the non-2xx answers added up.
 */
export async function loadAlternated<const Targets extends readonly LoadTarget[]>(
  targets: Targets,
  { connections, seconds, rounds }: { connections: number; seconds: number; rounds: number },
): Promise<{ [K in keyof Targets]: LoadResult }> {
  for (const { url, headers } of targets)
    await drive(url, { connections, seconds: 1, headers: headers ?? {} });
  const runs: LoadResult[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (const [i, { url, headers }] of targets.entries())
      runs[i]!.push(await drive(url, { connections, seconds, headers: headers ?? {} }));
  const results = runs.map((own) => ({
    requestsPerSecond: own.reduce((sum, r) => sum + r.requestsPerSecond, 0) / own.length,
    p99Ms: Math.max(...own.map((r) => r.p99Ms)),
    non2xx: own.reduce((sum, r) => sum + r.non2xx, 0),
  }));
  return results as { [K in keyof Targets]: LoadResult };
}

/**
 * The reference server: plain node:http answering every request with the given bytes and the
 * headers that describe them, and nothing else. Returns its URL and a close function.
 */
export async function rawServer(
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': String(body.length) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One GET with node:http, which (unlike fetch) hands over the body as it was sent. */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
