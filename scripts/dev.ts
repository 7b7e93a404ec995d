/**
 * `npm run dev`: Vite's dev server with hot reload on http://localhost:5173, proxying /api and
 * /dev to the API server on port 3000 (vite.config.ts), which restarts when a file changes.
 *
 * The browser only talks to Vite, so APP_URL is Vite's address: e-mailed links open there, and
 * the browser's Origin is the app's own, which the same-origin check on POST/PUT/DELETE requires
 * (docs/decisions/0008-security-hardening.md). A loopback APP_URL also makes it the local
 * environment, with the outbox at http://localhost:5173/dev/mail.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const VITE_PORT = 5173;
const API_PORT = 3000; // vite.config.ts proxies here

async function api(): Promise<void> {
  const { loadConfig } = await import('../src/server/config/config');
  const { buildApp } = await import('../src/server/app');
  const config = loadConfig();
  // Vite serves the client; the API server serves no built files.
  const app = await buildApp({ config, serveClient: false });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`API for ${config.appUrl} (${config.appEnv}) on port ${config.port}`);
}

async function main(): Promise<void> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', '--watch', fileURLToPath(import.meta.url), '--api'],
    {
      env: {
        ...process.env,
        APP_URL: process.env.APP_URL ?? `http://localhost:${VITE_PORT}`,
        PORT: String(API_PORT),
        HOST: process.env.HOST ?? '127.0.0.1',
      },
      stdio: 'inherit',
    },
  );
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { port: VITE_PORT, strictPort: true } });
  await vite.listen();
  vite.printUrls();
  const stop = () => {
    server.kill('SIGTERM');
    void vite.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  server.once('exit', (code) => {
    if (code !== null && code !== 0) console.error(`The API server exited with ${code}.`);
  });
}

await (process.argv.includes('--api') ? api() : main());
