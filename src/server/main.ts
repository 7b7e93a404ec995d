import { ConfigError, loadConfig } from './config/config';
import { buildApp } from './app';

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
  const close = () => {
    app.log.info('shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${config.appUrl} (${config.appEnv}, ${config.databaseUrl ? 'PostgreSQL' : 'SQLite in ' + config.dataDir}, mail ${config.smtpUrl ? 'over SMTP' : 'to the outbox'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
