import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_WAITING, nextTurn, registerOwnTurns } from './turns';

describe('nextTurn', () => {
  it('lets clips asked together start one after another, each in a task of its own', async () => {
    const events: string[] = [];
    const clips = ['a', 'b', 'c'].map((name) =>
      nextTurn().then(async () => {
        events.push(`${name} starts`);
        // A clip's start is a chain of promise steps (look-ups, the connection's set-up): all of
        // them run before the next clip starts, then the loop is free again.
        for (let step = 0; step < 5; step++) await Promise.resolve();
        events.push(`${name} waits for the network`);
      }),
    );
    await Promise.all(clips);
    expect(events).toEqual([
      'a starts',
      'a waits for the network',
      'b starts',
      'b waits for the network',
      'c starts',
      'c waits for the network',
    ]);
  });

  it('starts a lone clip at the next turn, and again after a burst has drained', async () => {
    await nextTurn();
    await Promise.all([nextTurn(), nextTurn()]);
    await expect(nextTurn()).resolves.toBeUndefined();
  });
});

/** Counts turns of the event loop until stopped. */
function turnCounter() {
  const clock = { turn: 0, ticking: true, stop: () => (clock.ticking = false) };
  const tick = () => {
    clock.turn += 1;
    if (clock.ticking) setImmediate(tick);
  };
  setImmediate(tick);
  return clock;
}

describe('routes taking their own turn', () => {
  it('runs the hooks of requests arriving together one per turn, other routes as they come', async () => {
    const app = Fastify();
    registerOwnTurns(app);
    const clock = turnCounter();
    const seen: Record<string, number[]> = { bursty: [], plain: [] };
    app.addHook('onRequest', (request, _reply, done) => {
      seen[request.routeOptions.url === '/bursty' ? 'bursty' : 'plain']?.push(clock.turn);
      done();
    });
    app.get('/bursty', { config: { ownTurn: true } }, () => 'ok');
    app.get('/plain', () => 'ok');
    await app.ready();
    try {
      const burst = (url: string) =>
        Promise.all([1, 2, 3].map(() => app.inject(url).then((r) => r.statusCode)));
      expect(await burst('/plain')).toEqual([200, 200, 200]);
      expect(await burst('/bursty')).toEqual([200, 200, 200]);
    } finally {
      clock.stop();
      await app.close();
    }
    // Arriving together, plain requests all ran their hooks in one turn; the others in three.
    expect(new Set(seen.plain).size).toBe(1);
    expect(new Set(seen.bursty).size).toBe(3);
  });

  it('lets a flood past the bound go on as it came, without queueing behind it', async () => {
    const app = Fastify();
    registerOwnTurns(app);
    const clock = turnCounter();
    const turns: number[] = [];
    app.addHook('onRequest', (_request, _reply, done) => {
      turns.push(clock.turn);
      done();
    });
    app.post('/bursty', { config: { ownTurn: true } }, () => 'ok');
    await app.ready();
    const flood = MAX_WAITING + 40;
    try {
      const codes = await Promise.all(
        Array.from({ length: flood }, () =>
          app.inject({ method: 'POST', url: '/bursty' }).then((r) => r.statusCode),
        ),
      );
      expect(codes.every((code) => code === 200)).toBe(true);
    } finally {
      clock.stop();
      await app.close();
    }
    // The bound's worth waited a turn each; the 40 past it ran together, in the turn they came.
    const first = Math.min(...turns);
    expect(turns.filter((t) => t === first).length).toBeGreaterThanOrEqual(40);
    expect(new Set(turns).size).toBeLessThanOrEqual(MAX_WAITING + 1);
  });
});
