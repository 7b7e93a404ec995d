/**
 * A throwaway PostgreSQL cluster for the api tier: a temp directory, a random port, trust
 * authentication on 127.0.0.1 only, and always removed again — on success, on failure, on
 * Ctrl-C. initdb and pg_ctl refuse to run as root, so as root they run as `postgres`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Cluster {
  /** Admin URL: superuser `postgres` on database `postgres`. */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`, as a failover or a minor-version upgrade does: connections are cut. */
  restart(): Promise<void>;
  /** Stops the server (`pg_ctl stop -m fast`), runs `during` while it is down, and starts it again. */
  outage<T>(during: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

export class PostgresUnavailable extends Error {}

const INSTALL_HINT =
  'Install the server with `apt-get install -y postgresql-15`, set PG_BIN_DIR to its bin ' +
  'directory, or set DATABASE_URL to an existing server (an admin URL; databases t_* are created in it).';

/** PG_BIN_DIR, else the newest /usr/lib/postgresql/<n>/bin (Debian's layout). */
export function findPgBin(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const debianRoot = '/usr/lib/postgresql';
  if (fs.existsSync(debianRoot)) {
    const versions = fs
      .readdirSync(debianRoot)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debianRoot, v, 'bin')));
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!found)
    throw new PostgresUnavailable(
      `PostgreSQL binaries (initdb, pg_ctl) not found. ${INSTALL_HINT}`,
    );
  return found;
}

const isRoot = () => process.getuid?.() === 0;

/** The command line to run a PostgreSQL tool as a user it accepts. */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

function run(bin: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const [command, argv] = asPostgres(bin, args);
  return new Promise((resolve, reject) => {
    // cwd: the postgres user cannot enter root's working directory, and initdb complains.
    const child = spawn(command, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A port nothing listens on now, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function postgresIds(): { uid: number; gid: number } {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new PostgresUnavailable(
      'Running as root but there is no `postgres` user to run initdb as. ' + INSTALL_HINT,
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startCluster(): Promise<Cluster> {
  const bin = findPgBin();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  let started = false;
  let stopped = false;

  // Synchronous, so it also works from an 'exit' handler (after Ctrl-C or a crash).
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopSync);
    if (started) {
      const [command, argv] = asPostgres(path.join(bin, 'pg_ctl'), [
        '-D',
        dataDir,
        'stop',
        '-m',
        'immediate',
        '-w',
      ]);
      spawnSync(command, argv, { cwd: root, stdio: 'ignore' });
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  process.on('exit', stopSync);

  try {
    if (isRoot()) {
      const { uid, gid } = postgresIds();
      fs.chownSync(root, uid, gid);
    }
    const init = await run(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync'],
      root,
    );
    if (init.code !== 0) throw new Error(`initdb failed:\n${init.output}`);

    const port = await freePort();
    // Throwaway data: durability settings off for speed; connections raised for parallel test files.
    const options = [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    const start = await run(
      path.join(bin, 'pg_ctl'),
      ['-D', dataDir, '-l', logFile, '-o', options, 'start', '-w', '-t', '60'],
      root,
    );
    started = true;
    if (start.code !== 0) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      throw new Error(`pg_ctl start failed:\n${start.output}\n${log}`);
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      restart: async () => {
        const res = await run(
          path.join(bin, 'pg_ctl'),
          ['-D', dataDir, '-l', logFile, 'restart', '-m', 'fast', '-w', '-t', '60'],
          root,
        );
        if (res.code !== 0) throw new Error(`pg_ctl restart failed:\n${res.output}`);
      },
      outage: async (during) => {
        const pgCtl = path.join(bin, 'pg_ctl');
        const down = await run(pgCtl, ['-D', dataDir, 'stop', '-m', 'fast', '-w'], root);
        if (down.code !== 0) throw new Error(`pg_ctl stop failed:\n${down.output}`);
        // Started again whatever `during` did; its failure is the one reported.
        const outcome = await during().then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        const up = await run(
          pgCtl,
          ['-D', dataDir, '-l', logFile, '-o', options, 'start', '-w', '-t', '60'],
          root,
        );
        if (!outcome.ok) throw outcome.error;
        if (up.code !== 0) throw new Error(`pg_ctl start failed:\n${up.output}`);
        return outcome.value;
      },
      stop: async () => {
        if (stopped) return;
        await run(path.join(bin, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', 'fast', '-w'], root);
        started = false;
        stopSync();
      },
    };
  } catch (err) {
    stopSync();
    throw err;
  }
}
