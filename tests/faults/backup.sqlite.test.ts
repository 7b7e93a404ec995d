import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupManifest } from '../../src/server/cli/backup';
import { runCli } from '../../src/server/cli/run';
import { proposalListSchema, proposalSchema } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from '../api/support/test-app';
import { pdf, png, upload } from '../api/support/uploads';
import {
  asInput,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from '../api/support/users';

/*
 * Issue 13, backup and restore (decision 0029). `npm run cli -- backup` runs as its own process
 * against a running app while saves, creates and uploads go on; the archive is restored into a
 * new directory and a second app started on it serves, through the API and to the same session,
 * the proposals and the file bytes the first one had acknowledged. SQLite only (the file name
 * keeps it out of the PostgreSQL run): PostgreSQL and S3 are backed up with their own tools, and
 * the command says so.
 */

const limits = { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 };
const sqliteOnly = { DATABASE_URL: '' };

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `plansmith-${prefix}-`));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run cli -- ARGS` as a process of its own: its exit code and what it printed. */
function cliProcess(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/main.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** Unpacks an archive, lets `edit` change it, and packs all of it again, manifest first. */
async function repack(archive: string, edit: (dir: string) => void): Promise<string> {
  const dir = tempDir('repack');
  await tar.extract({ file: archive, cwd: dir });
  edit(dir);
  const out = path.join(tempDir('repacked'), 'backup.tgz');
  const rest = fs.readdirSync(dir).filter((name) => name !== 'manifest.json');
  await tar.create({ gzip: true, file: out, cwd: dir }, ['manifest.json', ...rest]);
  return out;
}

describe('backup and restore of a running app', () => {
  let a: TestApp;
  let owner: TestUser;
  let archive: string;

  beforeAll(async () => {
    a = await startTestApp({ limits, env: sqliteOnly });
    owner = await signedInUser(a, 'backup-owner@example.com');
  });
  afterAll(() => a.close());

  const get = (t: TestApp, url: string) => request(t.baseUrl, 'GET', url, { cookie: owner.cookie });
  const bytesOf = async (t: TestApp, id: string) => {
    const res = await fetch(`${t.baseUrl}/api/files/${id}`, { headers: { cookie: owner.cookie } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  async function listIds(t: TestApp): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(t, `/api/proposal${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = proposalListSchema.parse(res.body);
      ids.push(...page.items.map((item) => item._id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids.sort();
  }

  it('backs up while saves and uploads go on; a second app on the restored copy serves the same proposals and bytes', async () => {
    // What the first app acknowledged: each proposal's name at each version, each file's bytes.
    const saved = new Map<string, Map<number, string>>();
    const files = new Map<string, Buffer>();
    const create = async (projectName: string) => {
      const id = await createProposal(a, owner, proposalInput({ projectName }));
      saved.set(id, new Map([[1, projectName]]));
      return id;
    };
    const uploadOne = async (field: string, bytes: Buffer, name: string) => {
      const res = await upload(a, field, bytes, name, owner);
      expect(res.status).toBe(200);
      const { id } = res.body as { id: string };
      const stored = await bytesOf(a, id);
      expect(stored.status).toBe(200);
      files.set(id, stored.bytes);
      return id;
    };

    for (let i = 0; i < 4; i++) await create(`Before ${i}`);
    await uploadOne('companyLogo', await png(60, 30), 'logo.png');
    await uploadOne('currentCondition', await png(80, 40), 'wall.png');
    await uploadOne('currentCondition', pdf(20_000), 'permit.pdf');
    const proposalsBefore = [...saved.keys()].sort();
    const filesBefore = [...files.keys()];
    const versionsBefore = new Map([...saved].map(([id, v]) => [id, Math.max(...v.keys())]));

    // Writes go on, one after another, until the backup process has ended.
    let backupRunning = true;
    let writes = 0;
    let writesDuringBackup = 0;
    const writer = (async () => {
      for (let n = 0; backupRunning; n++) {
        if (n % 6 === 5) await create(`During ${n}`);
        else if (n % 6 === 2)
          await uploadOne('currentCondition', await png(20 + n, 10), `p${n}.png`);
        else {
          const ids = [...saved.keys()];
          const id = ids[n % ids.length]!;
          const current = proposalSchema.parse((await get(a, `/api/proposal/${id}`)).body);
          const projectName = `Saved ${n}`;
          const res = await request(a.baseUrl, 'PUT', `/api/proposal/${id}`, {
            json: { ...asInput(current), projectName },
            cookie: owner.cookie,
          });
          expect(res.status).toBe(200);
          const reply = proposalSchema.parse(res.body);
          saved.get(id)!.set(reply.version, projectName);
        }
        writes++;
      }
    })();
    // Its failure is reported where it is awaited, after the backup.
    writer.catch(() => {});

    archive = path.join(tempDir('archive'), 'plansmith-backup.tgz');
    const writesAtStart = writes;
    const result = await cliProcess(['backup', archive], {
      DATA_DIR: a.dataDir,
      ...sqliteOnly,
    }).finally(() => {
      writesDuringBackup = writes - writesAtStart;
      backupRunning = false;
    });
    await writer;
    expect(result.out).toMatch(/^Backed up .*plansmith\.sqlite \(migration [\w-]+\) and \d+ files/);
    expect(result.code).toBe(0);
    expect(writesDuringBackup).toBeGreaterThan(0);

    const restored = path.join(tempDir('restored'), 'data');
    const restoredRun = await runCli(['restore', archive], { DATA_DIR: restored, ...sqliteOnly });
    expect(restoredRun.output).toMatch(/^Restored the database .* every checksum matched\./);
    expect(restoredRun.exitCode).toBe(0);

    const b = await startTestApp({ limits, env: { DATA_DIR: restored, ...sqliteOnly } });
    try {
      // The same session: it lives in the database the archive carried.
      const onB = await listIds(b);
      expect(onB).toEqual(expect.arrayContaining(proposalsBefore));
      for (const id of onB) {
        expect(saved.has(id)).toBe(true);
        const p = proposalSchema.parse((await get(b, `/api/proposal/${id}`)).body);
        // One consistent moment: a version the first app acknowledged, with the name it saved.
        expect(p.version).toBeGreaterThanOrEqual(versionsBefore.get(id) ?? 1);
        expect(p.projectName).toBe(saved.get(id)!.get(p.version));
      }
      let filesOnB = 0;
      for (const [id, bytes] of files) {
        const read = await bytesOf(b, id);
        if (filesBefore.includes(id)) expect(read.status).toBe(200);
        if (read.status === 200) {
          expect(read.bytes.equals(bytes)).toBe(true);
          filesOnB++;
        } else expect(read.status).toBe(404);
      }
      const rows = await b.app.ctx.db.selectFrom('files').select('id').execute();
      expect(rows.length).toBe(filesOnB);
      console.log(
        `backup: ${writesDuringBackup} writes acknowledged while it ran; restored ${onB.length} proposals and ${filesOnB} files, the same as acknowledged`,
      );
    } finally {
      await b.close();
    }
  }, 180_000);

  it('restores only into an empty DATA_DIR, and refuses a damaged archive, foreign entries or a newer migration', async () => {
    const full = tempDir('full');
    fs.writeFileSync(path.join(full, 'notes.txt'), 'keep me');
    const intoFull = await runCli(['restore', archive], { DATA_DIR: full, ...sqliteOnly });
    expect(intoFull.exitCode).toBe(1);
    expect(intoFull.output).toContain(`DATA_DIR ${full} is not empty.`);
    expect(fs.readdirSync(full)).toEqual(['notes.txt']);

    const damaged = await repack(archive, (dir) => {
      const file = path.join(dir, 'files', fs.readdirSync(path.join(dir, 'files'))[0]!);
      const bytes = fs.readFileSync(file);
      const last = bytes.length - 1;
      bytes.writeUInt8(bytes.readUInt8(last) ^ 0xff, last);
      fs.writeFileSync(file, bytes);
    });
    const empty = tempDir('empty');
    const fromDamaged = await runCli(['restore', damaged], { DATA_DIR: empty, ...sqliteOnly });
    expect(fromDamaged.exitCode).toBe(1);
    expect(fromDamaged.output).toMatch(
      /^The backup is damaged: files\/.* does not match its checksum/,
    );
    expect(fs.readdirSync(empty)).toEqual([]);

    const smuggled = await repack(archive, (dir) => {
      fs.mkdirSync(path.join(dir, 'secrets'));
      fs.writeFileSync(path.join(dir, 'secrets', 'app-secret'), 'x'.repeat(40));
    });
    const fromSmuggled = await runCli(['restore', smuggled], { DATA_DIR: empty, ...sqliteOnly });
    expect(fromSmuggled.exitCode).toBe(1);
    expect(fromSmuggled.output).toMatch(/^This is not a Plansmith backup: it holds secrets\//);
    expect(fs.readdirSync(empty)).toEqual([]);

    const newer = await repack(archive, (dir) => {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'),
      ) as BackupManifest;
      manifest.app.version = '99.0.0';
      manifest.migration.latest = '2099-01-01-0001-from-the-future';
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    });
    const fromNewer = await runCli(['restore', newer], { DATA_DIR: empty, ...sqliteOnly });
    expect(fromNewer.exitCode).toBe(1);
    expect(fromNewer.output).toMatch(
      /^This backup comes from a newer Plansmith \(99\.0\.0, migration 2099-01-01-0001-from-the-future\); .* Install Plansmith 99\.0\.0 or later, then restore\./,
    );
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it('on PostgreSQL or S3 says it covers only the embedded default and names their own tools', async () => {
    const env = {
      DATA_DIR: tempDir('elsewhere'),
      DATABASE_URL: 'postgres://plansmith@db.example:5432/plansmith',
      S3_BUCKET: 'plansmith-files',
    };
    for (const command of ['backup', 'restore']) {
      const res = await runCli([command, archive], env);
      expect(res.exitCode).toBe(1);
      expect(res.output).toContain(
        `The ${command} command covers only the embedded default: SQLite and files in DATA_DIR.`,
      );
      expect(res.output).toContain('pg_dump');
      expect(res.output).toContain('pg_restore');
      expect(res.output).toContain('bucket versioning');
      expect(res.output).toContain('aws s3 sync s3://plansmith-files');
    }
  });
});
