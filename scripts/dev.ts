/**
 * `npm run dev`: Vite's dev server with hot reload on http://localhost:5173, proxying /api and
 * /dev to the API server on port 3000, which restarts when one of its files changes
 * (`node --watch`: the files the server imported, src/server and src/shared).
 *
 * The browser only talks to Vite, so APP_URL is Vite's address: e-mailed links open there, and
 * the browser's Origin is the app's own, which the same-origin check on POST/PUT/DELETE requires
 * (docs/decisions/0008-security-hardening.md). A loopback APP_URL also makes it the local
 * environment, with the outbox at http://localhost:5173/dev/mail.
 *
 * DEV_PORT and DEV_API_PORT move the two ports (several checkouts on one machine); every other
 * setting is the app's own (README), with the same embedded defaults as `npm start`.
 * Ctrl-C (SIGINT) or SIGTERM stops both servers.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const VITE_PORT = Number(process.env.DEV_PORT ?? 5173);
const API_PORT = Number(process.env.DEV_API_PORT ?? 3000);

async function api(): Promise<void> {
  const { loadConfig } = await import('../src/server/config/config');
  const { buildApp } = await import('../src/server/app');
  const config = loadConfig();
  // Vite serves the client; the API server serves no built files.
  const app = await buildApp({ config, serveClient: false });
  const close = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`API for ${config.appUrl} (${config.appEnv}) on port ${config.port}`);
}

async function main(): Promise<void> {
  const apiUrl = `http://127.0.0.1:${API_PORT}`;
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', '--watch', fileURLToPath(import.meta.url), '--api'],
    {
      env: {
        ...process.env,
        APP_URL: process.env.APP_URL || `http://localhost:${VITE_PORT}`,
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
      },
      stdio: 'inherit',
    },
  );
  const { createServer } = await import('vite');
  // Merged into vite.config.ts: the proxy follows DEV_API_PORT.
  const vite = await createServer({
    server: {
      port: VITE_PORT,
      strictPort: true,
      proxy: { '/api': apiUrl, '/dev': { target: apiUrl, changeOrigin: false } },
    },
  });
  await vite.listen();
  vite.printUrls();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // `node --watch` passes the signal on to the server it runs and waits for it to exit.
    server.kill('SIGTERM');
    const apiExited = new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) resolve();
      else server.once('exit', () => resolve());
    });
    void Promise.all([vite.close(), apiExited]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  server.once('exit', (code) => {
    if (stopping) return;
    console.error(`The API server exited with ${code}; stopping Vite.`);
    void vite.close().then(() => process.exit(1));
  });
}

await (process.argv.includes('--api') ? api() : main());
