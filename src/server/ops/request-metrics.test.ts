import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestCounts, registerRequestHistogram, requestCounter } from './request-metrics';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REQUESTS = 'plansmith_http_requests_total';
const DURATIONS = 'plansmith_http_request_duration_seconds';

// Requests as the hook records them: a route seen several times, a 404 without a route, a value
// on a bound, one above the last bound, one far below the first, a route with characters the
// text format escapes.
const observed: Array<[string, string, number, number]> = [
  ['GET', '/api/authorization/me', 200, 0.0021],
  ['GET', '/api/authorization/me', 200, 0.01],
  ['GET', '/api/proposal/:id', 200, 0.3],
  ['GET', '/api/authorization/me', 200, 12.5],
  ['GET', '(no route)', 404, 0.000_04],
  ['POST', '/api/proposal/:id', 403, 0.0333],
  ['GET', '/api/authorization/me', 304, 0.75],
  ['GET', '/odd/"quoted"\\path', 200, 2.5],
];

function promClientRegistry(): client.Registry {
  const registry = new client.Registry();
  const labelNames = ['method', 'route', 'status'];
  const requests = new client.Counter({
    name: REQUESTS,
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: DURATIONS,
    help: 'Time from a request’s arrival to its answer, by route pattern and status',
    labelNames,
    buckets: BOUNDS,
    registers: [registry],
  });
  for (const [method, route, status, seconds] of observed) {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    durations.observe(labels, seconds);
  }
  return registry;
}

function keptRegistry(): client.Registry {
  const registry = new client.Registry();
  const counts = new RequestCounts(BOUNDS);
  requestCounter(counts, {
    name: REQUESTS,
    help: 'HTTP requests answered, by route pattern and status',
    registry,
  });
  registerRequestHistogram(counts, {
    name: DURATIONS,
    help: 'Time from a request’s arrival to its answer, by route pattern and status',
    registry,
  });
  for (const [method, route, status, seconds] of observed)
    counts.record(method, route, status, seconds);
  return registry;
}

describe('request counts handed to prom-client when scraped', () => {
  it('scrape as the text prom-client gives for the same requests, byte for byte', async () => {
    const kept = await keptRegistry().metrics();
    expect(kept).toBe(await promClientRegistry().metrics());
    expect(kept).toMatch(
      /^plansmith_http_requests_total\{method="GET",route="\/api\/authorization\/me",status="200"\} 3$/m,
    );
    expect(kept).toContain(
      'plansmith_http_request_duration_seconds_bucket{le="0.01",method="GET",route="/api/authorization/me",status="200"} 2',
    );
  });

  it('give the same JSON as prom-client', async () => {
    expect(await keptRegistry().getMetricsAsJSON()).toEqual(
      await promClientRegistry().getMetricsAsJSON(),
    );
  });

  it('count on between scrapes', async () => {
    const registry = new client.Registry();
    const counts = new RequestCounts(BOUNDS);
    requestCounter(counts, { name: REQUESTS, help: 'h', registry });
    registerRequestHistogram(counts, { name: DURATIONS, help: 'h', registry });
    counts.record('GET', '/a', 200, 0.001);
    await registry.metrics();
    counts.record('GET', '/a', 200, 0.001);
    const text = await registry.metrics();
    expect(text).toMatch(
      /^plansmith_http_requests_total\{method="GET",route="\/a",status="200"\} 2$/m,
    );
    expect(text).toMatch(
      /^plansmith_http_request_duration_seconds_count\{method="GET",route="\/a",status="200"\} 2$/m,
    );
  });
});
