/**
 * An app process for tests that kill one: the server as `npm start` runs it, from the environment,
 * without the built client (tests need only its API and its mail worker).
 */
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';

const config = loadConfig();
const app = await buildApp({ config, serveClient: false, logger: false });
await app.listen({ port: config.port, host: config.host });
