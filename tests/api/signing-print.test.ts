import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAppSecret } from '../../src/server/config/app-secret';
import {
  PRINT_ACCESS_TTL_MS,
  PRINT_COOKIE,
  printCookieHolder,
  printCookieKey,
  keepPrintKey,
} from '../../src/server/signing/print-access';
import { printAccessReplySchema } from '../../src/shared/schemas/signing';
import { homeownerOf, inviteeOf, messageOf } from './support/signing';
import { png, upload } from './support/uploads';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, signedInUser, type TestUser } from './support/users';

/*
 * Print access (docs/product/signing.md /print/{id}, issue 4 PDF): the owner and members get a short-lived, signed,
 * httpOnly cookie that grants reading that one proposal; nobody else gets one, and it expires.
 */

describe('print access', () => {
  let t: TestApp;
  let clock = Date.now();
  let owner: TestUser;
  let stranger: TestUser;
  let id: string;
  let other: string;
  let home: TestUser;
  let invitee: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
    owner = await signedInUser(t, 'owner@example.com', 'contractor', { reassign: true });
    stranger = await signedInUser(t, 'stranger@example.com');
    id = await createProposal(t, owner);
    other = await createProposal(t, owner);
    home = await homeownerOf(t, owner, id, 'home@example.com');
    invitee = await inviteeOf(t, owner, id, 'invitee@example.com');
  });
  afterAll(() => t.close());

  const grant = (proposalId: string, who: { cookie?: string }) =>
    request(t.baseUrl, 'POST', `/api/proposal/${proposalId}/print-access`, { cookie: who.cookie });
  /** What the server decides for a request carrying this Cookie header. */
  const allows = (cookie: string | undefined, proposalId: string) => {
    const value = cookie
      ?.split('; ')
      .find((c) => c.startsWith(`${PRINT_COOKIE}=`))
      ?.slice(PRINT_COOKIE.length + 1);
    const cookies: Record<string, string> = value
      ? { [PRINT_COOKIE]: decodeURIComponent(value) }
      : {};
    return printCookieHolder(t.app.ctx, { cookies }, proposalId) !== null;
  };

  it('sets a 10-minute, httpOnly, same-site cookie and answers the print page', async () => {
    const res = await grant(id, owner);
    expect(res.status).toBe(200);
    expect(printAccessReplySchema.parse(res.body)).toEqual({ url: `/print/${id}/` });
    const cookie = res.cookies.find((c) => c.name === PRINT_COOKIE);
    expect(cookie).toMatchObject({
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'Strict',
      maxAge: PRINT_ACCESS_TTL_MS / 1000,
    });
    // The value carries a MAC, not a bare id anyone could write, and whom it was granted to.
    expect(cookie?.value).toMatch(new RegExp(`^${id}\\.${owner.id}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
  });

  it('grants reading that proposal only, until it expires', async () => {
    const start = clock;
    try {
      const res = await grant(id, home);
      expect(allows(res.cookie, id)).toBe(true);
      expect(allows(res.cookie, other)).toBe(false);
      expect(allows(undefined, id)).toBe(false);
      clock = start + PRINT_ACCESS_TTL_MS - 1;
      expect(allows(res.cookie, id)).toBe(true);
      clock = start + PRINT_ACCESS_TTL_MS;
      expect(allows(res.cookie, id)).toBe(false);
    } finally {
      clock = start;
    }
  });

  it('a cookie edited to another proposal or a later expiry is worthless', async () => {
    const res = await grant(id, owner);
    const value = res.cookies.find((c) => c.name === PRINT_COOKIE)!.value;
    const [, user, exp, mac] = value.split('.');
    const holder = (v: string, proposalId: string) =>
      printCookieHolder(t.app.ctx, { cookies: { [PRINT_COOKIE]: v } }, proposalId);
    expect(holder(value, id)).toBe(owner.id);
    const forged = [
      `${other}.${user}.${exp}.${mac}`,
      `${id}.${stranger.id}.${exp}.${mac}`,
      `${id}.${user}.${Number(exp) + 3_600_000}.${mac}`,
      `${id}.${user}.${exp}.${'A'.repeat(43)}`,
      `${id}.${exp}.${mac}`,
      `${id}.${user}.${exp}`,
      id,
    ];
    for (const v of forged) {
      expect(holder(v, other), v).toBeNull();
      expect(holder(v, id), v).toBeNull();
    }
  });

  it('the key comes from the app secret, never the database: a copy of the database forges nothing', async () => {
    const value = (await grant(id, owner)).cookies.find((c) => c.name === PRINT_COOKIE)!.value;
    const cookies = { cookies: { [PRINT_COOKIE]: value } };
    // Another instance with the same APP_SECRET accepts it; one with another secret does not.
    const sameSecret = { ...t.app.ctx };
    keepPrintKey(sameSecret, printCookieKey(loadAppSecret(t.app.ctx.config)));
    expect(printCookieHolder(sameSecret, cookies, id)).toBe(owner.id);
    const otherSecret = { ...t.app.ctx };
    keepPrintKey(otherSecret, printCookieKey('another-secret-of-at-least-32-characters'));
    expect(printCookieHolder(otherSecret, cookies, id)).toBeNull();
    // No key is kept in the database any more: the table it was kept in is gone (migration 0082).
    const tables = await t.app.ctx.db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('app_secrets');
    expect(tables.map((table) => table.name)).toContain('sessions');
  });

  it('log-out ends the print cookie with the session: the next person at the browser reads nothing', async () => {
    const asOwner = await signedInUser(t, 'printer@example.com', 'contractor');
    const { jar } = asOwner;
    const printed = await createProposal(t, asOwner);
    expect(
      (await request(t.baseUrl, 'POST', `/api/proposal/${printed}/print-access`, { jar })).status,
    ).toBe(200);
    expect((await request(t.baseUrl, 'GET', `/api/proposal/${printed}`, { jar })).status).toBe(200);
    expect((await request(t.baseUrl, 'POST', '/api/authorization/logout', { jar })).status).toBe(
      200,
    );
    expect(jar.get(PRINT_COOKIE)).toBeUndefined();
    expect((await request(t.baseUrl, 'GET', `/api/proposal/${printed}`, { jar })).status).toBe(404);
  });

  it('GET /api/proposal/:id reads the proposal with a valid print cookie and no session', async () => {
    const res = await grant(id, invitee);
    const printCookie = res.cookies.find((c) => c.name === PRINT_COOKIE)!;
    const cookie = `${PRINT_COOKIE}=${printCookie.value}`;
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie });
    expect(read.status).toBe(200);
    expect((read.body as { access: { role: string } }).access).toEqual({
      role: 'public',
      canEdit: false,
    });
    expect((await request(t.baseUrl, 'GET', `/api/proposal/${other}`, { cookie })).status).toBe(
      404,
    );
    expect((await request(t.baseUrl, 'GET', `/api/proposal/${id}`)).status).toBe(404);
    // A session's own access wins over the cookie.
    const both = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
      cookie: `${owner.cookie}; ${cookie}`,
    });
    expect((both.body as { access: { role: string } }).access.role).toBe('owner');
    const start = clock;
    try {
      clock = start + PRINT_ACCESS_TTL_MS;
      expect((await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie })).status).toBe(404);
    } finally {
      clock = start;
    }
  });

  it('a cookie opens nothing once its holder is removed from the proposal', async () => {
    const proposalId = await createProposal(t, owner);
    const member = await inviteeOf(t, owner, proposalId, 'printing-invitee@example.com');
    const photo = await upload(t, 'groupImage', await png(), 'porch.png', owner);
    expect(photo.status).toBe(200);
    const fileId = (photo.body as { id: string }).id;
    const proposal = await request<{ version: number }>(
      t.baseUrl,
      'GET',
      `/api/proposal/${proposalId}`,
      {
        cookie: owner.cookie,
      },
    );
    const saved = await request(t.baseUrl, 'PUT', `/api/proposal/${proposalId}`, {
      json: {
        version: proposal.body.version,
        costGroups: [{ name: 'Porch', imageIds: [fileId], values: [] }],
      },
      cookie: owner.cookie,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const granted = await grant(proposalId, member);
    const printCookie = granted.cookies.find((c) => c.name === PRINT_COOKIE)!;
    const cookie = `${PRINT_COOKIE}=${printCookie.value}`;
    const read = () => request(t.baseUrl, 'GET', `/api/proposal/${proposalId}`, { cookie });
    const file = () => request(t.baseUrl, 'GET', `/api/files/${fileId}`, { cookie });
    expect((await read()).status).toBe(200);
    expect((await file()).status).toBe(200);

    const removed = await request(
      t.baseUrl,
      'DELETE',
      `/api/proposal/${proposalId}/members/${member.id}`,
      {
        cookie: owner.cookie,
      },
    );
    expect(removed.status).toBe(200);
    expect((await read()).status).toBe(404);
    expect((await file()).status).toBe(404);
  });

  describe('§6 rows: PDF is for the owner and the members', () => {
    type Role = 'owner' | 'homeowner' | 'invitee' | 'stranger' | 'loggedOut' | 'publicReader';
    const expected: Record<Role, number> = {
      owner: 200,
      homeowner: 200,
      invitee: 200,
      stranger: 404,
      loggedOut: 401,
      publicReader: 404,
    };
    let publicId: string;
    beforeAll(async () => {
      publicId = await createProposal(t, owner);
      await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id: publicId },
        cookie: owner.cookie,
      });
    });
    for (const role of Object.keys(expected) as Role[]) {
      it(`${role} → ${expected[role]}`, async () => {
        const cookie = {
          owner: owner.cookie,
          homeowner: home.cookie,
          invitee: invitee.cookie,
          stranger: stranger.cookie,
          publicReader: stranger.cookie,
          loggedOut: undefined,
        }[role];
        const target = role === 'publicReader' ? publicId : id;
        const res = await grant(target, { cookie });
        expect(res.status).toBe(expected[role]);
        expect(res.cookies.some((c) => c.name === PRINT_COOKIE)).toBe(res.status === 200);
        if (res.status === 404) expect(messageOf(res)).toBe('Not found');
      });
    }
  });
});
