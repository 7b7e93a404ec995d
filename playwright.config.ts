import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

/*
 * Browser tests against the built client served by a real server (tests/e2e/support/global-setup.ts
 * starts it, with a real SMTP mailbox). Debian's Chromium only: `npx playwright install` cannot
 * work on these machines, so no browser is ever downloaded.
 */
const port = Number(process.env.E2E_PORT ?? 3210);

// `npm test` sets E2E_JSON_REPORT so its summary can count the cases; by hand, `list` is enough.
const jsonReport = process.env.E2E_JSON_REPORT;
const reporter: ReporterDescription[] = jsonReport
  ? [['list'], ['json', { outputFile: jsonReport }]]
  : [['list']];

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // At most one retry: more would hide races instead of showing them.
  retries: 1,
  // Two browsers beside one server on a two-core machine: each test mostly waits on the other
  // processes, so two at a time still finishes sooner than one. E2E_WORKERS=1 on a smaller one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Limits that catch a hang, not a slow machine: tests wait on what the user sees, never on time,
  // and a long flow on two cores that other work keeps busy takes several times its quiet-machine
  // duration (the longest take about 15 s alone, and failed at 30 s under load).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter,
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    {
      // Only tests tagged @mobile run here (`test('…', { tag: '@mobile' }, …)`); they run on
      // desktop too, so a tagged test must pass at both sizes.
      name: 'mobile',
      grep: /@mobile/,
      use: { ...chromium, viewport: { width: 375, height: 740 }, isMobile: false },
    },
  ],
});
