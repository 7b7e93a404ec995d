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
  ])('names the bad variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('splits CLIP_ALLOW_HOSTS', () => {
    expect(loadConfig({ CLIP_ALLOW_HOSTS: ' 127.0.0.1, Shop.Example ,' }).clipAllowHosts).toEqual([
      '127.0.0.1',
      'shop.example',
    ]);
  });
});

describe('deriveAppEnv (§9)', () => {
  it.each([
    ['https://app.plansmith.com', 'production'],
    ['https://plansmith.io', 'production'],
    ['https://stage.plansmith.com', 'stage'],
    ['https://plansmith-staging.example.net', 'stage'],
    ['http://localhost:3000', 'local'],
    ['http://127.0.0.1:3000', 'local'],
  ])('%s → %s', (url, env) => {
    expect(deriveAppEnv(url)).toBe(env);
  });
});
