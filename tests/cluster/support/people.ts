/**
 * People using the cluster through its proxy: each has a cookie jar and an address of its own,
 * which the instances believe from X-Forwarded-For because they trust one proxy hop (compose.yaml).
 */
import { cookieJar, request, type CookieJar } from '../../api/support/http';
import type { Instance } from './cluster';

export interface Person {
  email: string;
  jar: CookieJar;
  ip: string;
}

export const person = (email: string, ip: string): Person => ({ email, jar: cookieJar(), ip });

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
