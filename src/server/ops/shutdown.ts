import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown on SIGTERM or SIGINT (decision 0028): /readyz answers 503 at once, the
 * listening socket closes (new connections are refused) and idle ones with it, requests in flight
 * finish for up to `graceMs` (then their connections are cut), and Fastify's onClose hooks run:
 * housekeeping timers stop, the outbox worker finishes the message it is sending, the database
 * closes. Then the process exits 0 (1 if closing failed). A second signal exits at once.
 */
export function exitGracefullyOnSignals(app: FastifyInstance, graceMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.lifecycle.draining = true;
    app.log.info({ signal, graceMs }, 'shutting down: finishing the requests in flight');
    const cut = setTimeout(() => {
      app.log.warn({ graceMs }, 'grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs);
    cut.unref();
    app.close().then(
      () => {
        clearTimeout(cut);
        app.log.info('shut down');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
