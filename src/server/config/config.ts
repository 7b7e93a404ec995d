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
}

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
  MAIL_FROM: optional(z.string()),
  SUPPORT_EMAIL: optional(address),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.string().regex(/^https?:\/\//, 'an http(s) URL')),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  CLIP_ALLOW_HOSTS: optional(z.string()),
  APP_ENV: optional(z.enum(['production', 'stage', 'local'])),
});

/** §9: production when the host carries the product name, stage for a staging host, else local. */
export function deriveAppEnv(appUrl: string): AppEnv {
  const host = new URL(appUrl).hostname.toLowerCase();
  if (/(^|[.-])stag(e|ing)([.-]|$)/.test(host)) return 'stage';
  if (host.includes(PRODUCT_NAME.toLowerCase())) return 'production';
  return 'local';
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
  };
}
