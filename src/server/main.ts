import { ConfigError, loadConfig } from './config/config';
import { buildApp } from './app';
import { exitGracefullyOnSignals } from './ops/shutdown';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config, serveClient: true });
  exitGracefullyOnSignals(app, config.shutdownGraceMs);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${config.appUrl} (${config.appEnv}, ${config.databaseUrl ? 'PostgreSQL' : 'SQLite in ' + config.dataDir}, mail ${config.smtpUrl ? 'over SMTP' : 'to the outbox'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
