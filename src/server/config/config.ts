import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../shared/constants';

export type AppEnv = 'production' | 'stage' | 'local';

/** Settings an operator may change; everything else is fixed in code. */
export interface Config {
  port: number;
  host: string;
  appUrl: string;
  appEnv: AppEnv;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * SMTP_TIMEOUT_MS: how long the relay may take to accept the connection, to greet, and to answer
   * each command; the whole of one send is bounded by a multiple of it (mail/mailer.ts).
   */
  smtpTimeoutMs: number;
  mailFrom: string;
  supportEmail: string;
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      }
    | undefined;
  clipAllowHosts: string[];
  secureCookies: boolean;
  /**
   * APP_SECRET: the key material that seals mail bodies in the outbox (mail/sealed-body.ts).
   * Unset: a random one kept in DATA_DIR/secrets/app-secret (config/app-secret.ts).
   */
  appSecret: string | undefined;
  /**
   * Fastify's trustProxy: false (the default: X-Forwarded-For is never believed), a hop count,
   * or the addresses and CIDR ranges of the proxies in front of the app.
   */
  trustProxy: false | number | string[];
  /** LOG_LEVEL: pino's level for the JSON log lines on stdout (info by default). */
  logLevel: LogLevel;
  /**
   * SHUTDOWN_GRACE_MS: after SIGTERM or SIGINT, how long requests in flight may take to finish
   * before their connections are cut (ops/shutdown.ts).
   */
  shutdownGraceMs: number;
  /**
   * JOBS_FIRST_LOOK_MS: how long after start an instance first looks whether a periodic job
   * (housekeeping, index compaction) is due; then it looks twelve times per period
   * (ops/periodic-jobs.ts). A minute by default, so a fleet redeployed often still cleans up.
   */
  jobsFirstLookMs: number;
  /**
   * GET /metrics (ops/metrics.ts): served on the app's port to a bearer of METRICS_TOKEN, or on a
   * port of its own (METRICS_PORT on METRICS_HOST, loopback by default); off when neither is set
   * (docs/decisions/0028-health-shutdown-metrics.md).
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {}

const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUnset, schema.optional());

// A loose address check: `support@localhost` is a valid operator choice.
const address = z
  .string()
  .regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address such as support@example.com');

const envSchema = z.object({
  PORT: z.preprocess(
    blankAsUnset,
    z.coerce.number().int('a whole number').min(0).max(65535).default(3000),
  ),
  HOST: optional(z.string()),
  APP_URL: optional(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+(\/[^\s]*)?$/, 'an http(s) URL such as https://app.example.com'),
  ),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// connection URL')),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')),
  SMTP_TIMEOUT_MS: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int('a whole number of milliseconds')
      .min(500, 'at least 500 (milliseconds)')
      .max(120_000, 'at most 120000 (two minutes)')
      .default(10_000),
  ),
  MAIL_FROM: optional(z.string()),
  SUPPORT_EMAIL: optional(address),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.string().regex(/^https?:\/\//, 'an http(s) URL')),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  CLIP_ALLOW_HOSTS: optional(z.string()),
  APP_ENV: optional(z.enum(['production', 'stage', 'local'])),
  APP_SECRET: optional(
    z.string().min(32, 'at least 32 characters, such as the output of `openssl rand -base64 32`'),
  ),
  TRUST_PROXY: optional(
    z
      .string()
      .refine(
        isTrustProxy,
        'a hop count such as 1, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.5, 10.1.0.0/16',
      ),
  ),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  SHUTDOWN_GRACE_MS: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int('a whole number of milliseconds')
      .min(0)
      .max(600_000, 'at most 600000 (ten minutes)')
      .default(25_000),
  ),
  JOBS_FIRST_LOOK_MS: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int('a whole number of milliseconds')
      .min(0)
      .max(3_600_000, 'at most 3600000 (an hour)')
      .default(60_000),
  ),
  METRICS_TOKEN: optional(z.string().min(16, 'at least 16 characters')),
  METRICS_PORT: optional(z.coerce.number().int('a whole number').min(1).max(65535)),
  METRICS_HOST: optional(z.string()),
});

// proxy-addr's names for its ranges, accepted as Fastify accepts them.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

function isTrustProxy(value: string): boolean {
  if (/^\d+$/.test(value.trim())) return Number(value) <= 10;
  const entries = value.split(',').map((e) => e.trim());
  return entries.length > 0 && entries.every(isAddressOrCidr);
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value.trim())) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((e) => e.trim());
}

/** Loopback: localhost, 127.0.0.0/8 or ::1 (URL keeps IPv6 hosts in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  return host === '::1';
}

/**
 * The environment when APP_ENV is unset: local only for a loopback APP_URL (a developer's
 * machine), stage for a staging host name, production for any other host. The local environment
 * serves every e-mail at /dev/mail, so it is never guessed for a host others can reach (see
 * docs/decisions/0008-security-hardening.md; the original rule's "otherwise local" made real installs local).
 */
export function deriveAppEnv(appUrl: string): AppEnv {
  const host = new URL(appUrl).hostname.toLowerCase();
  if (isLoopbackHost(host)) return 'local';
  if (/(^|[.-])stag(e|ing)([.-]|$)/.test(host)) return 'stage';
  return 'production';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`${name}: expected ${issue?.message ?? 'a valid value'}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const appUrl = (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    appUrl,
    appEnv: e.APP_ENV ?? deriveAppEnv(appUrl),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    mailFrom: e.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@localhost>`,
    supportEmail: e.SUPPORT_EMAIL ?? 'support@localhost',
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    clipAllowHosts: (e.CLIP_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    secureCookies: appUrl.startsWith('https:'),
    appSecret: e.APP_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL ?? 'info',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    jobsFirstLookMs: e.JOBS_FIRST_LOOK_MS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST ?? '127.0.0.1' },
  };
}
