/**
 * People using the cluster through its proxy: each has a cookie jar and an address of its own,
 * which the instances believe from X-Forwarded-For because they trust one proxy hop (compose.yaml).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { cookieJar, request, type CookieJar } from '../../api/support/http';
import type { Instance } from './cluster';

export interface Person {
  email: string;
  jar: CookieJar;
  ip: string;
}

export const person = (email: string, ip: string): Person => ({ email, jar: cookieJar(), ip });

/**
 * The accounts the opened links of their sign-ups make (decision 0078), written to the shared
 * database, for scenarios about what follows: sign-ins and their e-mails.
 */
export async function accountsFor(db: pg.Pool, emails: readonly string[]): Promise<void> {
  for (const email of emails) {
    await db.query(
      `INSERT INTO users (id, email, name, phone_number, company_name, role, created_at)
       VALUES ($1, $2, $3, '', '', 'contractor', $4)`,
      [randomUUID(), email, email.split('@')[0], Date.now()],
    );
  }
}

/** One request of `who` that the proxy sent to `on`. */
export function call(on: Instance, who: Person, method: string, path: string, json?: unknown) {
  return request(on.baseUrl, method, path, {
    json,
    jar: who.jar,
    headers: { 'x-forwarded-for': who.ip },
  });
}

/** Waits until `check` holds, as a person would look again, failing after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
