/**
 * The fuzz server: the real app in a process of its own (so a crash shows as a dead process,
 * not a failed test), configured from the environment as `npm start` is, on SQLite. The
 * limits on sign-in e-mails and on requests per minute are raised through buildApp's `limits`
 * option, as the end-to-end server does: every fuzz request comes from 127.0.0.1, and the limits
 * themselves are covered by the API tests. Route-level limits (sends, product clips) stay as
 * they are; their 429 answers are checked like any other.
 */
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config/config';

const config = loadConfig();
const app = await buildApp({
  config,
  logger: { level: 'warn' },
  serveClient: false,
  limits: {
    authEmailsPerAddress: 100_000,
    authEmailsPerIp: 100_000,
    requestsPerMinute: 1_000_000,
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
