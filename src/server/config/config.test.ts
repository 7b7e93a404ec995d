import { describe, expect, it } from 'vitest';
import { ConfigError, deriveAppEnv, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      appEnv: 'local',
      databaseUrl: undefined,
      smtpUrl: undefined,
      smtpTimeoutMs: 10_000,
      supportEmail: 'support@localhost',
      mailFrom: 'Plansmith <no-reply@localhost>',
      secureCookies: false,
      s3: undefined,
      clipAllowHosts: [],
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('derives APP_URL from PORT and Secure cookies from https', () => {
    expect(loadConfig({ PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ APP_URL: 'https://app.plansmith.com/' }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'https://app.plansmith.com/' }).appUrl).toBe(
      'https://app.plansmith.com',
    );
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ SMTP_URL: '', DATABASE_URL: ' ' }).smtpUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: expected/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: expected a postgres:\/\/ connection URL/],
    [{ SMTP_URL: 'http://x' }, /^SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL/],
    [{ APP_URL: 'localhost' }, /^APP_URL: expected an http\(s\) URL/],
    [{ APP_ENV: 'prod' }, /^APP_ENV: expected/],
    [{ SUPPORT_EMAIL: 'nobody' }, /^SUPPORT_EMAIL: expected an e-mail address/],
    [{ APP_SECRET: 'short' }, /^APP_SECRET: expected at least 32 characters/],
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY: expected a hop count/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY: expected/],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example' }, /^TRUST_PROXY: expected/],
    [{ TRUST_PROXY: '1000' }, /^TRUST_PROXY: expected/],
    [{ SMTP_TIMEOUT_MS: '10s' }, /^SMTP_TIMEOUT_MS: expected/],
    [{ SMTP_TIMEOUT_MS: '100' }, /^SMTP_TIMEOUT_MS: expected at least 500/],
    [{ SMTP_TIMEOUT_MS: '600000' }, /^SMTP_TIMEOUT_MS: expected at most 120000/],
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL: expected/],
    [{ SHUTDOWN_GRACE_MS: '-1' }, /^SHUTDOWN_GRACE_MS: expected/],
    [{ SHUTDOWN_GRACE_MS: '3600000' }, /^SHUTDOWN_GRACE_MS: expected at most 600000/],
    [{ JOBS_FIRST_LOOK_MS: '-5' }, /^JOBS_FIRST_LOOK_MS: expected/],
    [{ JOBS_FIRST_LOOK_MS: '7200000' }, /^JOBS_FIRST_LOOK_MS: expected at most 3600000/],
    [{ METRICS_TOKEN: 'short' }, /^METRICS_TOKEN: expected at least 16 characters/],
    [{ METRICS_PORT: 'nine' }, /^METRICS_PORT: expected/],
  ])('names the bad variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the operator settings of logs, shutdown, periodic jobs and metrics, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      logLevel: 'info',
      shutdownGraceMs: 25_000,
      jobsFirstLookMs: 60_000,
      metrics: { token: undefined, port: undefined, host: '127.0.0.1' },
    });
    expect(
      loadConfig({
        LOG_LEVEL: 'debug',
        SHUTDOWN_GRACE_MS: '5000',
        JOBS_FIRST_LOOK_MS: '2000',
        METRICS_TOKEN: 'a-long-enough-token',
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.7',
      }),
    ).toMatchObject({
      logLevel: 'debug',
      shutdownGraceMs: 5000,
      jobsFirstLookMs: 2000,
      metrics: { token: 'a-long-enough-token', port: 9464, host: '10.0.0.7' },
    });
  });

  it('reads SMTP_TIMEOUT_MS in milliseconds', () => {
    expect(loadConfig({ SMTP_TIMEOUT_MS: '2500' }).smtpTimeoutMs).toBe(2500);
    expect(loadConfig({ SMTP_TIMEOUT_MS: ' ' }).smtpTimeoutMs).toBe(10_000);
  });

  it('splits CLIP_ALLOW_HOSTS', () => {
    expect(loadConfig({ CLIP_ALLOW_HOSTS: ' 127.0.0.1, Shop.Example ,' }).clipAllowHosts).toEqual([
      '127.0.0.1',
      'shop.example',
    ]);
  });
});

describe('APP_SECRET and TRUST_PROXY', () => {
  it('keeps APP_SECRET as given, unset by default', () => {
    expect(loadConfig({}).appSecret).toBeUndefined();
    const secret = 'x'.repeat(32);
    expect(loadConfig({ APP_SECRET: secret }).appSecret).toBe(secret);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8 , ::1, fd00::/8,loopback', ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']],
  ])('TRUST_PROXY=%o trusts %o', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });
});

describe('deriveAppEnv', () => {
  it.each([
    ['https://app.plansmith.com', 'production'],
    ['https://plansmith.io', 'production'],
    ['https://proposals.example.com', 'production'],
    ['http://192.168.1.20:3000', 'production'],
    ['http://10.0.0.5', 'production'],
    ['http://localhost.example.com', 'production'],
    ['http://127.0.0.1.example.com', 'production'],
    ['https://stage.plansmith.com', 'stage'],
    ['https://plansmith-staging.example.net', 'stage'],
    ['https://staging.example.com', 'stage'],
    ['http://localhost:3000', 'local'],
    ['http://LOCALHOST:3000', 'local'],
    ['http://127.0.0.1:3000', 'local'],
    ['http://127.8.9.10', 'local'],
    ['http://[::1]:3000', 'local'],
  ])('%s → %s', (url, env) => {
    expect(deriveAppEnv(url)).toBe(env);
  });

  it('is local only for a loopback APP_URL, unless APP_ENV says otherwise', () => {
    expect(loadConfig({ APP_URL: 'https://proposals.example.com' }).appEnv).toBe('production');
    expect(loadConfig({ APP_URL: 'https://proposals.example.com', APP_ENV: 'local' }).appEnv).toBe(
      'local',
    );
    expect(loadConfig({ APP_URL: 'http://localhost:3000', APP_ENV: 'production' }).appEnv).toBe(
      'production',
    );
  });
});
