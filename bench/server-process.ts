/** The app in a process of its own, for benchmarks that measure the process (its memory). */
import { serveApp } from '../tests/support/serve-app';

await serveApp({ serveClient: false, logger: false, limits: { requestsPerMinute: 1_000_000 } });
