/**
 * An app process for tests that kill one: the server as `npm start` runs it, from the environment,
 * without the built client (tests need only its API and its mail worker).
 */
import { serveApp } from './serve-app';

await serveApp({ serveClient: false, logger: false });
