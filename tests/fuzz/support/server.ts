/**
 * The fuzz server: the real app in a process of its own (so a crash shows as a dead process,
 * not a failed test), configured from the environment as `npm start` is, on SQLite. The
 * limits on sign-in e-mails and on requests per minute are raised through buildApp's `limits`
 * option, as the end-to-end server does: every fuzz request comes from 127.0.0.1, and the limits
 * themselves are covered by the API tests. Route-level limits (sends, product clips) stay as
 * they are; their 429 answers are checked like any other.
 */
import { serveApp } from '../../support/serve-app';

await serveApp({
  logger: { level: 'warn' },
  serveClient: false,
  limits: {
    authEmailsPerAddress: 100_000,
    authEmailsPerIp: 100_000,
    requestsPerMinute: 1_000_000,
  },
});
