import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { paths } from '../src/shared/paths';
import { clientDir } from '../src/server/web/client-files';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { benchContractor, withBenchApp } from './harness';
import { createBenchProposal } from './proposals';
import type { Benchmark } from './table';

/** The lone input and the editor in turn, so that a change in the machine's load falls on both. */
const ROUNDS = 4;
const KEYS_PER_ROUND = 30;
const KEYS = ROUNDS * KEYS_PER_ROUND;
const TEXT = ' with a longer name typed in';

/** Most components that may render for one keystroke (issue 12). */
const MAX_COMPONENTS = 3;

interface Typing {
  typing: number[];
  /** Components rendered per keystroke, and the names of the worst keystroke's. */
  components: number[];
  worst: string[];
}

/**
 * Installed before any page script: times every keystroke from its event to the frame after the
 * next paint (a task queued from requestAnimationFrame runs once that frame is painted), and counts
 * the components React rendered meanwhile. React's production build reports every commit to a
 * DevTools hook present when it loads; a component rendered in a commit is a function, class,
 * forwardRef or memo fiber React cloned in that render and called (its PerformedWork flag), as
 * React DevTools decides it. A subtree React skipped keeps the previous tree's fibers, so the walk
 * stops where a fiber's children are the very ones of its alternate.
 */
function instrument() {
  const w = window as unknown as Typing;
  w.typing = [];
  w.components = [];
  w.worst = [];
  interface Fiber {
    tag: number;
    flags: number;
    type: { displayName?: string; name?: string; render?: { name?: string } } | null;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
  }
  // FunctionComponent, ClassComponent, ForwardRef, SimpleMemoComponent; a MemoComponent's own
  // fiber only wraps the inner component's fiber, which is counted.
  const COMPONENT_TAGS = new Set([0, 1, 11, 15]);
  const PERFORMED_WORK = 1;
  let rendered: string[] = [];
  const nameOf = (fiber: Fiber) =>
    fiber.type?.displayName ?? fiber.type?.name ?? fiber.type?.render?.name ?? '?';
  (
    window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }
  ).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
      const stack = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop()!;
        if (fiber.alternate !== null && fiber.child === fiber.alternate.child) continue;
        for (let child = fiber.child; child !== null; child = child.sibling) {
          if (COMPONENT_TAGS.has(child.tag) && (child.flags & PERFORMED_WORK) !== 0) {
            rendered.push(nameOf(child));
          }
          stack.push(child);
        }
      }
    },
  };
  document.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      rendered = [];
      requestAnimationFrame(() =>
        setTimeout(() => {
          w.components.push(rendered.length);
          if (rendered.length >= w.worst.length) w.worst = [...rendered];
          w.typing.push(performance.now() - start);
        }, 0),
      );
    },
    true,
  );
}

interface Typed {
  times: number[];
  components: number[];
  worst: string[];
}

/** One round's keystrokes into `input`, added to what `typed` holds. */
async function typeRound(page: Page, input: ReturnType<Page['locator']>, typed: Typed) {
  await page.bringToFront();
  await input.scrollIntoViewIfNeeded();
  await input.click();
  const clear = () =>
    page.evaluate(() => {
      const w = window as unknown as Typing;
      w.typing.length = 0;
      w.components.length = 0;
      w.worst = [];
    });
  // End's own keystroke is timed too: the count starts once it is painted.
  await clear();
  await page.keyboard.press('End');
  await page.waitForFunction(() => (window as unknown as Typing).typing.length > 0);
  await clear();
  for (let i = 0; i < KEYS_PER_ROUND; i++) {
    await page.keyboard.type(TEXT[(typed.times.length + i) % TEXT.length]!);
    // One keystroke at a time, as a person types: the next waits for this one's paint.
    await page.waitForFunction(
      (n) => (window as unknown as { typing: number[] }).typing.length > n,
      i,
    );
  }
  const round = await page.evaluate(() => {
    const w = window as unknown as Typing;
    return { times: w.typing, components: w.components, worst: w.worst };
  });
  typed.times.push(...round.times);
  typed.components.push(...round.components);
  if (round.worst.length >= typed.worst.length) typed.worst = round.worst;
}

/** 'a ×2, b' for ['a', 'b', 'a']: the worst keystroke's components, by (minified) name. */
function tally(names: string[]): string {
  const counts = new Map<string, number>();
  for (const name of names)
    counts.set(name || '(anonymous)', (counts.get(name || '(anonymous)') ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}

const percentile = (times: number[], p: number) =>
  [...times].sort((a, b) => a - b)[Math.floor(times.length * p)] ?? 0;

/**
 * Typing into the name of item 600 of a 1,200-item plan (30 groups × 40) in the editor, keystroke
 * to paint p95, against the same keystrokes in a lone input on an empty page, in one Chromium.
 * Also counts the components React renders per keystroke in the same production build (at most
 * 3, else the row is not met).
 */
export const typing: Benchmark = {
  name: 'typing',
  title: 'typing into item 600 of a 1,200-item plan, keystroke to paint p95',
  reference: 'a lone input on an empty page',
  target: { compare: '<=', ratio: 2 },
  databaseBound: false,
  usesChromium: true,
  run: () =>
    withBenchApp(
      async (app) => {
        if (!fs.existsSync(path.join(clientDir, 'index.html')))
          throw new Error('The client is not built: run `npm run build` first.');
        const cookie = await benchContractor(app);
        const address = await app.listen({ port: 0, host: '127.0.0.1' });
        const id = await createBenchProposal(address, cookie, { groups: 30, items: 40 });
        const browser = await chromium.launch({
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        });
        try {
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          const [name, value] = cookie.split('=') as [string, string];
          await context.addCookies([{ name, value, url: address }]);
          // tsx keeps function names by wrapping them in a `__name` helper the page does not have.
          await context.addInitScript({
            content: `var __name = (f) => f; (${instrument.toString()})();`,
          });

          const lone = await context.newPage();
          // Served by the browser itself, from the app's origin, so the same init script runs.
          await lone.route(`${address}/lone-input`, (route) =>
            route.fulfill({
              contentType: 'text/html',
              body: '<!doctype html><label>Name <input value="Item"></label>',
            }),
          );
          await lone.goto(`${address}/lone-input`);

          const editor = await context.newPage();
          await editor.goto(address + paths.proposalEdit(id));
          const names = editor.getByLabel('Item name');
          await names.nth(1199).waitFor({ state: 'attached', timeout: 120_000 });

          const reference: Typed = { times: [], components: [], worst: [] };
          const ours: Typed = { times: [], components: [], worst: [] };
          for (let round = 0; round < ROUNDS; round++) {
            await typeRound(lone, lone.getByLabel('Name'), reference);
            await typeRound(editor, names.nth(599), ours);
          }
          const most = Math.max(0, ...ours.components);

          const ms = (n: number) => `${n.toFixed(1)} ms`;
          return {
            alsoMet: most <= MAX_COMPONENTS,
            figure: percentile(ours.times, 0.95),
            reference: percentile(reference.times, 0.95),
            unit: 'ms',
            notes: [
              `${KEYS} keystrokes each, ${ROUNDS} rounds in turn; median ${ms(percentile(ours.times, 0.5))} against ${ms(percentile(reference.times, 0.5))}`,
              `components rendered per keystroke: at most ${most} (target ${MAX_COMPONENTS}); the most: ${tally(ours.worst)}`,
            ],
          };
        } finally {
          await browser.close();
        }
      },
      { serveClient: true },
    ),
};
