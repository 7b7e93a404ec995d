/**
 * Playwright `test` with what most browser tests need: the mail the server sent, and quick ways
 * to have an account and a signed-in page. Sign-in always goes through the real API and the real
 * e-mail (no database backdoor), just without clicking through the pages; auth.spec.ts covers
 * the pages themselves.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { findMail, readMailDir, type Mail, type WaitOptions } from '../../support/smtp-mailbox';
import type { User } from '../../../src/shared/schemas/auth';

export interface E2eMailbox {
  /** Waits, by polling the mail directory, for the newest mail to `to` matching `opts`. */
  waitFor(to: string, opts?: WaitOptions): Promise<Mail>;
}

interface Fixtures {
  mailbox: E2eMailbox;
  /** Creates a contractor through the API and signs the test's page in as them. */
  signUp: (email: string, name: string) => Promise<User>;
  /** Creates a contractor through the API and signs `page` (another browser's) in as them. */
  signUpIn: (page: Page, email: string, name: string) => Promise<User>;
  /** Signs `page` in as an existing user by e-mail link. */
  login: (page: Page, email: string) => Promise<User>;
}

/** A new contractor made through the API, signed in on `page` by their e-mail link. */
const contractorOn = (page: Page, email: string, name: string) =>
  signInByMail(page, email, async () => {
    const res = await page.request.post('/api/authorization/signup', {
      data: { email, name, phoneNumber: '', companyName: '', role: 'contractor' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  });

/** A fresh address per call, so parallel tests and retries never meet. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** The first sign-in link (`http(s)://…/signin/…`) in the plain-text part. */
export function linkFrom(mail: Mail): string {
  const link = /https?:\/\/[^\s<>"']+\/signin\/[^\s<>"']+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No sign-in link in "${mail.subject}":\n${mail.text}`);
  // Plain text may wrap a link in brackets or end a sentence with it.
  return link.replace(/[).,;\]]+$/, '');
}

/** The token of a sign-in link: the path segment after /signin/. */
export function tokenFrom(link: string): string {
  const token = /\/signin\/([^/?#]+)/.exec(new URL(link).pathname)?.[1];
  if (!token) throw new Error(`No token in ${link}`);
  return decodeURIComponent(token);
}

const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir)
    throw new Error(
      'E2E_MAIL_DIR is not set: run through `playwright test` (global-setup starts the mailbox).',
    );
  return dir;
};

const mailbox: E2eMailbox = {
  async waitFor(to, opts = {}) {
    let found: Mail | undefined;
    await expect
      .poll(
        () => {
          found = findMail(readMailDir(mailDir()), to, opts);
          return found !== undefined;
        },
        { message: `an e-mail to ${to}`, timeout: opts.timeoutMs ?? 30_000 },
      )
      .toBe(true);
    return found as Mail;
  },
};

/** Asks for a sign-in e-mail through `send`, then verifies its token with the page's cookies. */
async function signInByMail(page: Page, email: string, send: () => Promise<void>): Promise<User> {
  const since = Date.now();
  await send();
  const token = tokenFrom(linkFrom(await mailbox.waitFor(email, { since })));
  const res = await page.request.post('/api/authorization/verify/', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: User }).user;
}

// The fixture callback is named `provide`, not Playwright's usual `use`: the React hooks lint rule
// would take `use(...)` for React's hook.
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  mailbox: async ({}, provide) => {
    await provide(mailbox);
  },
  signUp: async ({ page }, provide) => {
    await provide((email, name) => contractorOn(page, email, name));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  signUpIn: async ({}, provide) => {
    await provide(contractorOn);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  login: async ({}, provide) => {
    await provide((page, email) =>
      signInByMail(page, email, async () => {
        const res = await page.request.post('/api/authorization/signin', { data: { email } });
        expect(res.ok(), await res.text()).toBe(true);
      }),
    );
  },
});

export { expect };
