/**
 * The general per-IP limit as clients see it, now counted by the app's own hook instead of
 * @fastify/rate-limit's (decision 0056): the same headers, the same 429, an IPv6 client counted by
 * its /64, and routes with a limit of their own counted apart by the plugin as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, type TestApp } from './support/test-app';

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const publicConfig = (t: TestApp, ip: string) =>
  request(t.baseUrl, 'GET', '/api/config/public', from(ip));

describe('the general request limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      limits: { requestsPerMinute: 3 },
      now: () => Date.UTC(2026, 10, 25, 9),
      env: { TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(() => t.close());

  it('tells each client its limit and what is left, then refuses with the wait', async () => {
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await publicConfig(t, '203.0.113.7');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-reset')).toBe('60');
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const refused = await publicConfig(t, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please wait 60 seconds and try again.',
      requestId: refused.headers.get('x-request-id'),
    });
  });

  it('counts an IPv6 client by its /64, as the plugin did', async () => {
    for (const ip of ['2001:db8:5:1::1', '2001:db8:5:1::2', '2001:db8:5:1:ffff::3'])
      expect((await publicConfig(t, ip)).status).toBe(200);
    expect((await publicConfig(t, '2001:db8:5:1::4')).status).toBe(429);
    expect((await publicConfig(t, '2001:db8:5:2::1')).status).toBe(200);
  });

  it('counts page requests too, which no route serves but the page handler', async () => {
    const page = (path: string) => request(t.baseUrl, 'GET', path, from('203.0.113.9'));
    for (const path of ['/dashboard/', '/proposal/abc/', '/faq/']) {
      const res = await page(path);
      expect(res.status).not.toBe(429);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
    }
    const refused = await page('/dashboard/');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    // One count for pages and the API alike.
    expect((await publicConfig(t, '203.0.113.9')).status).toBe(429);
  });

  it('leaves a route with a limit of its own to that limit alone', async () => {
    for (let i = 0; i < 3; i++) await publicConfig(t, '203.0.113.8');
    expect((await publicConfig(t, '203.0.113.8')).status).toBe(429);
    // The error reports take 30 a minute; a malformed one is refused by its validation, not 429.
    const own = await request(t.baseUrl, 'POST', '/api/reports/error', {
      json: {},
      ...from('203.0.113.8'),
    });
    expect(own.status).toBe(400);
    expect(own.headers.get('x-ratelimit-limit')).toBe('30');
    expect(own.headers.get('x-ratelimit-remaining')).toBe('29');
  });
});
