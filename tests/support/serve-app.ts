/**
 * Serves the real app in a process of its own, configured from the environment as `npm start`
 * is, and shuts it down as `npm start` does on SIGTERM or SIGINT. The end-to-end, fuzz and fault servers differ only in
 * whether they serve the built client and how far they raise the per-address limits (every test
 * request comes from 127.0.0.1; the limits themselves are covered by the API tests).
 */
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { exitGracefullyOnSignals } from '../../src/server/ops/shutdown';

export async function serveApp(
  opts: Pick<BuildOptions, 'serveClient' | 'limits' | 'logger'>,
): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config, ...opts });
  exitGracefullyOnSignals(app, config.shutdownGraceMs);
  await app.listen({ port: config.port, host: config.host });
}
