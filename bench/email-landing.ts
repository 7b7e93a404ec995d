import { chromium, type Browser } from '@playwright/test';
import { freePort } from '../scripts/test/postgres';
import { hashSecret, newSecret } from '../src/server/auth/tokens';
import { paths } from '../src/shared/paths';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { benchContractor, withBenchApp } from './harness';
import { createBenchProposal, shopLargestProposal } from './proposals';
import type { Benchmark } from './table';

const GROUPS = 30;
const ITEMS = 40;
const RUNS = 3;
const HOMEOWNER = 'bench-homeowner';

/**
 * A phone as Lighthouse's mobile run simulates one (Moto G Power, Slow 4G: 150 ms, 1.6 Mbps down,
 * 750 kbps up, a 4× slower CPU), applied here through the DevTools protocol: Lighthouse measures
 * one page load, and this is a page load, a sign-in and then the page the link goes to.
 */
async function openOnPhone(
  browser: Browser,
  url: string,
  cookie: { name: string; value: string; url: string } | undefined,
  heading: RegExp,
): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (cookie) await context.addCookies([cookie]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
      uploadThroughput: (750 * 1024 * 0.9) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
    return performance.now() - start;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The homeowner's first visit: the link of the e-mail that sent them the 30 × 40 proposal
 * (shopped), opened on a phone in a fresh browser, to the proposal's heading on their view. The
 * link's page must load the app and sign in by a POST of its own (a link scanner's GET signs no
 * one in), so the reference is the same view opened by the homeowner already signed in: the
 * figure is what the e-mail's sign-in adds to it.
 */
export const emailLanding: Benchmark = {
  name: 'email-landing',
  title: `the e-mail's link to the homeowner's view of the ${GROUPS} × ${ITEMS} proposal, phone (Slow 4G, 4× CPU), time to its heading`,
  reference: 'the same view opened by the homeowner signed in, same phone',
  // As the other pages' rows: the sign-in may cost no more than a second load of the view.
  target: { compare: '<=', ratio: 2 },
  databaseBound: false,
  usesChromium: true,
  run: async () => {
    const port = await freePort();
    const address = `http://localhost:${port}`;
    return withBenchApp(
      async (app) => {
        const owner = await benchContractor(app);
        await app.listen({ port, host: '127.0.0.1' });
        const id = await createBenchProposal(address, owner, { groups: GROUPS, items: ITEMS });
        const { homeownerCookie } = await shopLargestProposal(app, id);
        const view = paths.proposalReceived(id);
        const heading = new RegExp(`^Bench ${GROUPS} × ${ITEMS}$`);
        const [name = '', value = ''] = homeownerCookie.split(';')[0]!.split('=');
        // As the send route makes it: a proposal link to the homeowner's view.
        const newLink = async () => {
          const token = newSecret();
          const now = Date.now();
          await app.ctx.db
            .insertInto('login_tokens')
            .values({
              token_hash: hashSecret(token),
              user_id: HOMEOWNER,
              purpose: 'proposal',
              redirect: view,
              proposal_id: id,
              created_at: now,
              expires_at: now + 3_600_000,
              used_at: null,
            })
            .execute();
          return `${address}${paths.signin()}${token}/`;
        };
        const browser = await chromium.launch({
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        });
        const ours: number[] = [];
        const reference: number[] = [];
        try {
          // A first visit of each warms the server, not the browser (each run's is fresh).
          await openOnPhone(browser, await newLink(), undefined, heading);
          for (let run = 0; run < RUNS; run++) {
            ours.push(await openOnPhone(browser, await newLink(), undefined, heading));
            reference.push(
              await openOnPhone(browser, address + view, { name, value, url: address }, heading),
            );
          }
        } finally {
          await browser.close();
        }
        const ms = (times: number[]) => times.map((t) => t.toFixed(0)).join(', ');
        return {
          figure: median(ours),
          reference: median(reference),
          unit: 'ms',
          notes: [
            `medians of ${RUNS} runs each, taking turns; the link ${ms(ours)} ms, signed in ${ms(reference)} ms`,
          ],
        };
      },
      { serveClient: true, appUrl: address },
    );
  },
};
