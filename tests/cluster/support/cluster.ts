/**
 * The cluster tier's harness (docs/decisions/0030-two-instance-tier.md): one PostgreSQL database,
 * one S3-compatible bucket (s3rver on loopback), one SMTP catcher and N app processes with the
 * same settings, the ones compose.yaml gives its instances. Each test file of the tier starts
 * one with `startCluster()` and stops it in afterAll; what it finds wrong at start fails the file
 * with a message saying what could not start, never a skip.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import {
  startCluster as startPostgres,
  type Cluster as Postgres,
} from '../../../scripts/test/postgres';
import { projectRoot } from '../../../scripts/test/run-command';
import { startAppInstance, freePort, type AppInstance } from '../../support/app-instance';
import { createScratchDatabase, scratchPool } from '../../support/scratch-database';
import { startMailbox, type Mailbox } from '../../support/smtp-mailbox';

export interface ClusterOptions {
  /** How many app processes (2 unless told). */
  instances?: number;
  /** Settings added to (or overriding) the shared ones, for every instance. */
  env?: Record<string, string>;
}

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  /** The running process; replaced by `restart`. */
  process: AppInstance;
  /** kill -9 (or another signal), waiting until the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** A new process with the same settings on the same port, once the old one is gone. */
  restart(): Promise<void>;
}

export interface Bucket {
  name: string;
  endpoint: string;
  /** An S3 client of the test's own, straight to the server (not through the app). */
  client: S3Client;
  /** Every key in the bucket now. */
  keys(): Promise<string[]>;
}

export interface Cluster {
  instances: Instance[];
  /** The settings every instance runs with (PORT and HOST aside). */
  env: Record<string, string>;
  /** A pool on the instances' database, for reading what they stored. */
  db: pg.Pool;
  bucket: Bucket;
  mailbox: Mailbox;
  /** A directory of this cluster's own, removed by `stop` (instance logs are kept in it). */
  dir: string;
  stop(): Promise<void>;
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const BUCKET = 'plansmith';
/** Where each instance's log is copied when the cluster stops (git-ignored, beside the reports). */
export const LOG_DIR = path.join(projectRoot, '.tmp', 'cluster-logs');
// s3rver's one key pair: it refuses other access key ids (it does not verify SigV4 signatures).
const S3_KEY = 'S3RVER';

/** A database of its own: in TEST_PG_URL's server (as npm test sets it), else in a new cluster. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  let postgres: Postgres | undefined;
  let adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    postgres = await startPostgres();
    adminUrl = postgres.url;
  }
  const scratch = await createScratchDatabase(adminUrl);
  return {
    url: scratch.url,
    drop: () => (postgres ? postgres.stop() : scratch.drop()),
  };
}

async function startBucket(dir: string): Promise<{ bucket: Bucket; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: path.join(dir, 's3'),
    silent: true,
    // Path-style only: the app must address the bucket as it would any self-hosted server.
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET }],
  });
  let endpoint: string;
  try {
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  } catch (err) {
    throw new Error(
      `The cluster tier's S3 server (s3rver, a dev dependency) did not start: ${String(err)}. ` +
        'Run `npm ci` to install it.',
      { cause: err },
    );
  }
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
  });
  const keys = async () => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }),
      );
      found.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort();
  };
  return {
    bucket: { name: BUCKET, endpoint, client, keys },
    close: async () => {
      client.destroy();
      await server.close();
    },
  };
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-cluster-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((err: unknown) => console.error('cluster cleanup:', err));
    }
    // The instances' JSON log lines outlive the cluster, for reading after a failure.
    fs.mkdirSync(LOG_DIR, { recursive: true });
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.log'))) {
      fs.copyFileSync(path.join(dir, name), path.join(LOG_DIR, name));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const database = await createDatabase();
    cleanups.push(() => database.drop());
    const db = scratchPool({ connectionString: database.url, max: 4 });
    cleanups.push(() => db.end());
    const s3 = await startBucket(dir);
    cleanups.push(() => s3.close());
    const mailbox = await startMailbox();
    cleanups.push(async () => {
      await mailbox.acceptConnections();
      await mailbox.close();
    });

    const ports = await Promise.all(Array.from({ length: opts.instances ?? 2 }, () => freePort()));
    // compose.yaml's settings for its app service, pointed at this machine's servers. APP_URL is
    // the address users are given; here, with no proxy in front, the first instance's.
    const env: Record<string, string> = {
      APP_URL: `http://127.0.0.1:${ports[0]}`,
      APP_SECRET: randomBytes(32).toString('base64'),
      DATABASE_URL: database.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.bucket.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'Plansmith <no-reply@localhost>',
      SUPPORT_EMAIL: 'support@localhost',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '25000',
      METRICS_TOKEN: '',
      // The SDK's notice that it will need Node 22 from 2027 (the Dockerfile's image has it).
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...opts.env,
    };

    const instances: Instance[] = [];
    cleanups.push(() => Promise.all(instances.map((i) => i.process.kill('SIGKILL'))));
    const makeInstance = async (port: number, index: number): Promise<Instance> => {
      const name = String.fromCharCode(65 + index);
      const dataDir = path.join(dir, `data-${name}`);
      fs.mkdirSync(dataDir);
      const start = () =>
        startAppInstance({
          port,
          // Nothing of the instance's own is kept: DATA_DIR is there only because the app needs one.
          env: { ...env, DATA_DIR: dataDir },
          logFile: path.join(dir, `instance-${name}.log`),
          startTimeoutMs: 90_000,
        });
      const instance: Instance = {
        name,
        port,
        baseUrl: `http://127.0.0.1:${port}`,
        process: await start(),
        async kill(signal = 'SIGKILL') {
          await instance.process.kill(signal);
        },
        async restart() {
          await instance.process.kill('SIGKILL');
          instance.process = await start();
        },
      };
      instances.push(instance);
      return instance;
    };
    // All at once, as compose starts them: one runs the migrations under Kysely's migration lock,
    // the others wait for it and find them done.
    const started = await Promise.allSettled(ports.map(makeInstance));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    instances.sort((x, y) => x.name.localeCompare(y.name));
    return { instances, env, db, bucket: s3.bucket, mailbox, dir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
