import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, createUser, grantReassign, revokeReassign } from '../../src/server/cli/commands';
import { runCli } from '../../src/server/cli/run';
import { startTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);

describe('operator commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const user = (email: string) =>
    t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('creates users with a role, lower-casing the address', async () => {
    expect(
      await createUser(t.app.ctx.db, {
        email: 'Owner@Example.com',
        role: 'homeowner',
        name: 'Olive Owner',
      }),
    ).toMatch(/Created homeowner owner@example.com/);
    expect(await user('owner@example.com')).toMatchObject({
      role: 'homeowner',
      name: 'Olive Owner',
      reassign: null,
    });
    await expect(
      createUser(t.app.ctx.db, { email: 'owner@example.com', role: 'homeowner', name: 'X' }),
    ).rejects.toThrow('Email is already associated with another account');
    await expect(
      createUser(t.app.ctx.db, { email: 'x@example.com', role: 'admin', name: 'X' }),
    ).rejects.toThrow(CliError);
    await expect(
      createUser(t.app.ctx.db, { email: 'bad', role: 'contractor', name: 'X' }),
    ).rejects.toThrow('Please enter a valid email address.');
  });

  it('grants and revokes the reassign permission', async () => {
    await createUser(t.app.ctx.db, {
      email: 'pro@example.com',
      role: 'contractor',
      name: 'Pat Pro',
    });
    await grantReassign(t.app.ctx.db, 'PRO@example.com');
    expect((await user('pro@example.com'))?.reassign).toBe('granted');
    await revokeReassign(t.app.ctx.db, 'pro@example.com');
    expect((await user('pro@example.com'))?.reassign).toBeNull();
    await expect(grantReassign(t.app.ctx.db, 'ghost@example.com')).rejects.toThrow(
      'No user with the e-mail ghost@example.com.',
    );
  });
});

describe('npm run cli', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // The commands run in-process (runCli is all of main.ts but the process), against the database
  // DATA_DIR names; one spawn of the real entry point proves the process around them.
  it('creates a user and grants reassign; bad input fails with a message', async () => {
    const created = await runCli(
      ['create-user', 'cli@example.com', '--role', 'contractor', '--name', 'Cli User'],
      env,
    );
    expect(created).toMatchObject({ exitCode: 0 });
    expect(created.output).toContain('Created contractor cli@example.com');
    const granted = await runCli(['grant-reassign', 'cli@example.com'], env);
    expect(granted).toMatchObject({ exitCode: 0 });
    expect(granted.output).toContain('granted to cli@example.com');
    const unknown = await runCli(['frobnicate'], env);
    expect(unknown).toMatchObject({ exitCode: 1 });
    expect(unknown.output).toContain('Unknown command');
  });

  it('the real entry point reads the environment, prints the error and exits non-zero', async () => {
    await expect(
      run(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/main.ts', 'grant-reassign', 'nobody@example.com'],
        {
          env,
          cwd: path.resolve(__dirname, '../..'),
        },
      ),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No user with the e-mail nobody@example.com.') as unknown,
    });
  }, 60_000);
});
