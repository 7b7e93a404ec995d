/**
 * The fuzz tier's users and data, made through the real API and the real e-mail as a person
 * would: a contractor signs up and creates a proposal, sends it to a homeowner, and the
 * homeowner signs in with the e-mailed link. A second contractor may share proposals (the
 * reassign permission is granted in the database, as the API tests do: no route grants it).
 * Then every readable GET is asked once and the ids in the answers are kept, by the property
 * name they came under, for the arbitraries to draw from.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FuzzServer } from './fuzz-server';
import type { Operation } from './openapi';

export interface World {
  /** Cookie header by identity; `anonymous` sends none. */
  cookies: Record<string, string | undefined>;
  proposalId: string;
  /** Real ids by the name they were seen under; `*` holds every one. */
  ids: Map<string, string[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function cookieOf(setCookie: string[]): string {
  return setCookie.map((c) => c.split(';')[0]).join('; ');
}

async function post(server: FuzzServer, url: string, value: unknown, cookie?: string) {
  const res = await server.send('POST', url, { cookie, body: { kind: 'json', value } });
  if (res.status >= 300) throw new Error(`setup: POST ${url} answered ${res.status}: ${res.text}`);
  return res;
}

async function signInWithMail(server: FuzzServer, email: string, since: number): Promise<string> {
  const mail = await server.mailbox.waitFor(email, { since, timeoutMs: 30_000 });
  const token = /\/signin\/([A-Za-z0-9_-]{20,})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`setup: no sign-in link in the mail to ${email}`);
  const res = await post(server, '/api/authorization/verify', { token });
  return cookieOf(res.setCookie);
}

async function contractor(server: FuzzServer, email: string, name: string): Promise<string> {
  const since = Date.now();
  await post(server, '/api/authorization/signup', {
    email,
    name,
    phoneNumber: '555-0100',
    companyName: `${name} Builds`,
  });
  return signInWithMail(server, email, since);
}

/** Every uuid in a JSON value, under the key it was found at. */
export function harvestIds(value: unknown, into: Map<string, string[]>, key = '*'): void {
  if (typeof value === 'string') {
    if (!UUID.test(value)) return;
    for (const k of new Set([key, '*'])) {
      const list = into.get(k) ?? [];
      if (!list.includes(value)) list.push(value);
      into.set(k, list);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) harvestIds(v, into, key);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) harvestIds(v, into, k === '_id' ? 'id' : k);
  }
}

export async function makeWorld(server: FuzzServer, operations: Operation[]): Promise<World> {
  const contractorCookie = await contractor(server, 'fuzz.contractor@example.com', 'Casey');
  const sharerCookie = await contractor(server, 'fuzz.sharer@example.com', 'Sam');
  const db = new SQLite(path.join(server.dataDir, 'plansmith.sqlite'));
  try {
    db.prepare(`UPDATE users SET reassign = 'granted' WHERE email = ?`).run(
      'fuzz.sharer@example.com',
    );
  } finally {
    db.close();
  }

  const proposal = {
    companyName: 'Casey Builds',
    projectName: 'Kitchen remodel',
    projectAddress: '1 Main St, Springfield, IL 62701',
    contract: 'All work will be done in a workmanlike manner.',
    costGroups: [
      {
        name: 'Demolition',
        values: [
          { name: 'Remove cabinets', rawCost: '1200+350*2', costType: 1 },
          { name: 'Haul away', rawCost: '300', costType: 1 },
        ],
      },
    ],
  };
  const created = await post(server, '/api/proposal', proposal, contractorCookie);
  const proposalId = created.text.replace(/"/g, '');
  await post(server, '/api/proposal', { ...proposal, projectName: 'Deck' }, sharerCookie);

  const homeownerEmail = 'fuzz.homeowner@example.com';
  const since = Date.now();
  await post(
    server,
    '/api/proposal/send',
    { proposalId, to: homeownerEmail, homeownersName: 'Hana', message: 'Hello' },
    contractorCookie,
  );
  const homeownerCookie = await signInWithMail(server, homeownerEmail, since);

  const cookies: World['cookies'] = {
    anonymous: undefined,
    contractor: contractorCookie,
    sharer: sharerCookie,
    homeowner: homeownerCookie,
  };
  const ids = new Map<string, string[]>();
  harvestIds({ id: proposalId, proposalId }, ids);
  // Readable GETs once each, filled with the proposal id, for the ids of its parts.
  for (const op of operations.filter((o) => o.method === 'GET')) {
    const url = op.path.replace(/\{[^}]+\}/g, proposalId);
    for (const who of ['contractor', 'homeowner', 'sharer']) {
      const res = await server.send('GET', url, { cookie: cookies[who] });
      if (res.status === 200 && /\bjson\b/.test(res.contentType))
        harvestIds(JSON.parse(res.text), ids);
    }
  }
  return { cookies, proposalId, ids };
}

const EMAILS: Record<string, string> = {
  contractor: 'fuzz.contractor@example.com',
  sharer: 'fuzz.sharer@example.com',
  homeowner: 'fuzz.homeowner@example.com',
};

/**
 * Signs back in whoever a fuzzed request signed out (a valid logout, a verify that replaced the
 * session), so the next operation is still tried by every identity.
 */
export async function keepSignedIn(server: FuzzServer, world: World): Promise<string[]> {
  const renewed: string[] = [];
  for (const [who, email] of Object.entries(EMAILS)) {
    const me = await server.send('GET', '/api/authorization/me', { cookie: world.cookies[who] });
    if (me.status === 200 && (JSON.parse(me.text) as { user: unknown }).user) continue;
    const since = Date.now();
    await post(server, '/api/authorization/signin', { email });
    world.cookies[who] = await signInWithMail(server, email, since);
    renewed.push(who);
  }
  return renewed;
}
