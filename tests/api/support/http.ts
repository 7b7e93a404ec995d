import { CONFLICT_MESSAGES } from '../../../src/shared/schemas/conflict-messages';
import { CONFLICT_CODES } from '../../../src/shared/schemas/errors';

/**
 * The API's promise checked on every 409 any test meets (decision 0077): it says what it is
 * about in a code of CONFLICT_CODES, beside the message that code's kind is said in.
 */
function assertConflictCoded(status: number, body: unknown): void {
  if (status !== 409) return;
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (!(CONFLICT_CODES as readonly unknown[]).includes(code)) {
    throw new Error(`a 409 without a known code: ${JSON.stringify(body)}`);
  }
  const worded = (CONFLICT_MESSAGES as Readonly<Record<string, string>>)[code as string];
  if (worded !== undefined && worded !== message) {
    throw new Error(`a 409 '${String(code)}' in another kind's words: ${JSON.stringify(body)}`);
  }
}

/**
 * A small fetch wrapper for API tests against a listening server: JSON in, parsed body and
 * cookies out, so each test reads like the HTTP exchange it checks.
 */

export interface Cookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: string;
}

export interface HttpResponse<T = unknown> {
  status: number;
  /** Parsed JSON when the answer is JSON, otherwise the text (empty string for no body). */
  body: T;
  headers: Headers;
  cookies: Cookie[];
  /** A Cookie header carrying the cookies this answer set, ready to send back; undefined if none. */
  cookie: string | undefined;
}

export interface RequestOptions {
  json?: unknown;
  /** A raw body (malformed JSON, multipart): sent as is, with the headers given. */
  body?: BodyInit;
  /** A raw Cookie header value. */
  cookie?: string;
  headers?: Record<string, string>;
  /** Sends the jar's cookies and keeps the ones the server sets. */
  jar?: CookieJar;
}

export function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const cookie: Cookie = {
    name: pair.slice(0, eq),
    value: decodeURIComponent(pair.slice(eq + 1)),
    httpOnly: false,
    secure: false,
  };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const value = rest.join('=');
    switch (key.toLowerCase()) {
      case 'path':
        cookie.path = value;
        break;
      case 'max-age':
        cookie.maxAge = Number(value);
        break;
      case 'expires':
        cookie.expires = new Date(value);
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'samesite':
        cookie.sameSite = value;
        break;
      default:
        break;
    }
  }
  return cookie;
}

/** Cookies carried from one request to the next, like a browser would for one site. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** The Cookie header to send, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Applies Set-Cookie answers: an expired or Max-Age=0 cookie is removed. */
  absorb(cookies: Cookie[]): void {
    for (const c of cookies) {
      const expired =
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  clear(): void {
    this.cookies.clear();
  }
}

export const cookieJar = () => new CookieJar();

export async function request<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  const cookie = opts.cookie ?? opts.jar?.header();
  if (cookie) headers.cookie = cookie;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: opts.json === undefined ? opts.body : JSON.stringify(opts.json),
    redirect: 'manual',
  });
  const text = await response.text();
  const isJson = /\bjson\b/.test(response.headers.get('content-type') ?? '');
  const body = (isJson && text ? JSON.parse(text) : text) as T;
  assertConflictCoded(response.status, body);
  const cookies = response.headers.getSetCookie().map(parseSetCookie);
  opts.jar?.absorb(cookies);
  const answerJar = new CookieJar();
  answerJar.absorb(cookies);
  return {
    status: response.status,
    body,
    headers: response.headers,
    cookies,
    cookie: answerJar.header(),
  };
}
