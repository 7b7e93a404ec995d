/**
 * The end-to-end server: the real app, configured from the environment global-setup.ts gives
 * it, serving the built client. Limits on sign-in e-mails are raised because every test signs
 * in from 127.0.0.1; the limits themselves are covered by the API tests.
 */
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config/config';

const config = loadConfig();
const app = await buildApp({
  config,
  logger: { level: 'warn' },
  serveClient: true,
  limits: {
    authEmailsPerAddress: 1_000,
    authEmailsPerIp: 100_000,
    requestsPerMinute: 100_000,
  },
});

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await app.listen({ port: config.port, host: config.host });
