import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from './support/http';

/**
 * `npm run dev` (scripts/dev.ts) as a developer uses it: one command, Vite in front, the API behind
 * it on the embedded defaults, the API restarting when a server file changes, and one signal
 * stopping both. Everything goes through Vite's port, as the browser does.
 */

const root = path.resolve(__dirname, '../..');
const serverFile = path.join(root, 'src/server/web/public-config-routes.ts');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const withoutAppUrl = ({ APP_URL: _ignored, ...env }: NodeJS.ProcessEnv) => env;

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`npm run dev: gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('npm run dev', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-dev-'));
  let dev: ChildProcess | undefined;
  let output = '';
  afterAll(() => {
    if (dev && dev.exitCode === null) dev.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the client with hot reload, proxies the API, restarts it on change and stops on Ctrl-C', async () => {
    const [vitePort, apiPort] = [await freePort(), await freePort()];
    const vite = `http://localhost:${vitePort}`;
    dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: root,
      env: {
        ...withoutAppUrl(process.env),
        DEV_PORT: String(vitePort),
        DEV_API_PORT: String(apiPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
      },
    });
    dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => dev?.once('exit', resolve));

    // The page comes from Vite, with its hot-reload client and the app's entry module.
    const page = await until('the sign-up page', async () => {
      const res = await fetch(`${vite}/signup/`);
      return res.ok ? res.text() : undefined;
    });
    expect(page).toContain('/@vite/client');
    expect(page).toContain('main.tsx');

    // /api reaches the API server, whose APP_URL is Vite's address (the same-origin check passes).
    const config = await until('the API through Vite', async () => {
      const res = await request(vite, 'GET', '/api/config/public');
      return res.status === 200 ? res.body : undefined;
    });
    expect(config).toMatchObject({ appEnv: 'local' });
    const signup = await request(vite, 'POST', '/api/authorization/signup', {
      json: { email: 'dev@example.com', name: 'Dev Eloper' },
      headers: { origin: vite },
    });
    expect(signup.status).toBe(200);
    // /dev too: the sign-up mail waits in the outbox.
    const mail = await request(vite, 'GET', '/dev/mail');
    expect(mail.status).toBe(200);
    expect(String(mail.body)).toContain('dev@example.com');

    // Saving a server file restarts the API, which answers again on the same port.
    const started = output.split('API for').length;
    const now = new Date();
    fs.utimesSync(serverFile, now, now);
    await until('the API to restart', async () =>
      output.split('API for').length > started ? true : undefined,
    );
    expect(output).toContain('Restarting');
    expect((await request(vite, 'GET', '/api/config/public')).status).toBe(200);

    // Ctrl-C stops both servers.
    dev.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await refused(vitePort)).toBe(true);
    expect(await refused(apiPort)).toBe(true);
  }, 120_000);
});
