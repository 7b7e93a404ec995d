/** The app in a process of its own, for benchmarks that measure the process (its memory). */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { serveApp } from '../tests/support/serve-app';

/*
 * With BENCH_EVENT_LOOP_DELAY=1 and an IPC channel, the app's event-loop delay is sampled here,
 * inside the app's process, and reported when the benchmark asks ('reset', then 'read'). Off,
 * nothing is sampled: the app itself carries no measuring code.
 */
if (process.env.BENCH_EVENT_LOOP_DELAY === '1' && process.send) {
  const send = process.send.bind(process);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let since = performance.eventLoopUtilization();
  process.on('message', (message) => {
    if (message === 'reset') {
      delay.reset();
      since = performance.eventLoopUtilization();
    }
    const ms = (ns: number) => ns / 1e6;
    send({
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
      samples: delay.count,
      // The share of the time the main thread was busy: low busy with high delay means the
      // thread was waiting for a core, not working.
      busy: performance.eventLoopUtilization(since).utilization,
    });
  });
}

await serveApp({ serveClient: false, logger: false, limits: { requestsPerMinute: 1_000_000 } });
