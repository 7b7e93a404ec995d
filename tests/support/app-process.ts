/**
 * An app process for tests that kill one: the server as `npm start` runs it, from the environment,
 * without the built client (tests need only its API and its mail worker). Silent unless
 * TEST_APP_LOGS=1 (tests/support/app-instance.ts sets it when it keeps the log): then it logs as
 * `npm start` does, JSON lines at LOG_LEVEL on stdout.
 */
import { serveApp } from './serve-app';

await serveApp({ serveClient: false, logger: process.env.TEST_APP_LOGS === '1' ? {} : false });
