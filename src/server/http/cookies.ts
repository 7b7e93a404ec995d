import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/config';

/*
 * What each of our cookies is called, and where it lives, in this deployment (decision 0089).
 * Served over https, every one is `__Host-` prefixed: a browser takes such a cookie only from
 * this very host, Secure, with Path=/ and no Domain, so a page on a sibling host of the domain
 * cannot plant its own session, claim or upload secret here (cookie tossing, review 27).
 * `__Secure-` would not do: a sibling served over https may set that one for the whole domain.
 * Plain http (development, tests) cannot hold the prefix and keeps the bare name and its path.
 */

export interface CookiePlace {
  name: string;
  path: string;
  secure: boolean;
}

/** `base` as this app names it; `httpPath` is its path on plain http, Path=/ over https. */
export function cookiePlace(
  config: Pick<Config, 'secureCookies'>,
  base: string,
  httpPath = '/',
): CookiePlace {
  return config.secureCookies
    ? { name: `__Host-${base}`, path: '/', secure: true }
    : { name: base, path: httpPath, secure: false };
}

/**
 * The cookie's value when the request carries exactly one cookie of that name. Two of one name
 * mean someone else set one (a sibling host, on plain http or in a browser without prefixes):
 * nothing tells which is ours, and the first is the one with the longer path, which a planter
 * chooses, so neither is used; the request goes on as without it.
 */
export function soleCookie(
  request: Pick<FastifyRequest, 'cookies'> & Partial<Pick<FastifyRequest, 'headers'>>,
  name: string,
): string | undefined {
  const value = request.cookies[name];
  if (value === undefined) return undefined;
  let seen = 0;
  for (const pair of (request.headers?.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if ((eq < 0 ? pair : pair.slice(0, eq)).trim() === name && ++seen > 1) return undefined;
  }
  return value;
}
