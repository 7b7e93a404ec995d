import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_ALLOWED, CROSS_SITE_REFUSED } from '../../src/server/http/same-origin';
import { ONE_CLICK_ROUTE } from '../../src/server/selections/comment-emails-routes';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, signedInUser, type TestUser } from './support/users';
import { png } from './support/uploads';

/*
 * Issue 10, section 1: a page on another site must not make a visitor's browser change anything here,
 * whatever the body (JSON, multipart, text/plain or none). Every state-changing route is found
 * in the router itself, so a route added later is covered by this test too.
 */

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Every route and method of `app.printRoutes({ commonPrefix: false })`'s tree. */
function routesOf(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      routes.push({ method, path: stack.join('') });
  }
  return routes;
}

describe('requests from another site', () => {
  let t: TestApp;
  let owner: TestUser;
  let proposalId: string;
  const evil = { origin: 'https://evil.example' };

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50 } });
    owner = await signedInUser(t, 'owner@example.com', 'contractor', { reassign: true });
    proposalId = await createProposal(t, owner);
  });
  afterAll(() => t.close());

  const stillSignedIn = async () =>
    (
      (await request(t.baseUrl, 'GET', '/api/authorization/me', { cookie: owner.cookie })).body as {
        user: { email: string } | null;
      }
    ).user?.email;

  it('are refused with 403 on every state-changing route, whatever the body', async () => {
    const all = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((r) =>
      STATE_CHANGING.includes(r.method),
    );
    // The one exception, named: RFC 8058's one-click unsubscribe, which mail providers post from
    // anywhere and which can only turn comment e-mails off (tests/api/comment-emails.test.ts).
    expect([...CROSS_SITE_ALLOWED]).toEqual([`POST ${ONE_CLICK_ROUTE}`]);
    expect(all.map((r) => `${r.method} ${r.path}`)).toContain('POST /comment-emails/:token');
    const routes = all.filter((r) => !CROSS_SITE_ALLOWED.has(`${r.method} ${r.path}`));
    const named = routes.map((r) => `${r.method} ${r.path}`);
    // The routes the issue names are among them, and the list is the whole API, not a few.
    expect(named).toEqual(
      expect.arrayContaining([
        'POST /api/authorization/signup',
        'POST /api/authorization/logout',
        'POST /api/proposal/photo-upload',
        'POST /api/proposal/:id/print-access',
        'DELETE /api/files/:id',
        'PUT /api/proposal/:id',
      ]),
    );
    expect(routes.length).toBeGreaterThan(25);

    const accepted: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
        name === 'id' ? proposalId : name === 'name' ? 'tile' : randomUUID(),
      );
      const form = new FormData();
      form.append('used', 'groupImage');
      form.append('groupImage', new Blob([new Uint8Array(await png())]), 'x.png');
      const bodies: { body: BodyInit; headers: Record<string, string> }[] = [
        { body: '{}', headers: { 'content-type': 'application/json' } },
        { body: 'email=victim@example.com', headers: { 'content-type': 'text/plain' } },
        { body: form, headers: {} },
      ];
      for (const { body, headers } of bodies) {
        const res = await request(t.baseUrl, route.method, path, {
          body,
          cookie: owner.cookie,
          headers: { ...headers, ...evil },
        });
        const message = (res.body as { message?: string }).message;
        if (res.status !== 403 || message !== CROSS_SITE_REFUSED)
          accepted.push(
            `${route.method} ${route.path} (${headers['content-type'] ?? 'multipart'}): ${res.status}`,
          );
      }
      // And with no body at all, as a form-less fetch or a <form> with no fields sends.
      const bare = await request(t.baseUrl, route.method, path, {
        cookie: owner.cookie,
        headers: evil,
      });
      if (bare.status !== 403)
        accepted.push(`${route.method} ${route.path} (no body): ${bare.status}`);
    }
    expect(accepted).toEqual([]);
    expect(await stillSignedIn()).toBe('owner@example.com');
    const files = await t.app.ctx.db.selectFrom('files').select('id').execute();
    expect(files).toEqual([]);
  });

  it('are refused when only Fetch Metadata tells, or the origin is opaque', async () => {
    const variants: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { origin: `${t.baseUrl}.evil.example` },
      { origin: t.baseUrl.replace('http:', 'https:') },
    ];
    for (const headers of variants) {
      const res = await request(t.baseUrl, 'POST', '/api/authorization/logout', {
        cookie: owner.cookie,
        headers,
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await stillSignedIn()).toBe('owner@example.com');
  });

  it('multipart sign-up from another site creates no sign-up and sends no mail', async () => {
    const form = new FormData();
    form.append('email', 'planted@example.com');
    form.append('name', 'Planted');
    form.append('logo', new Blob([new Uint8Array(await png())]), 'logo.png');
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      body: form,
      headers: evil,
    });
    // A sign-up writes no account until its link is opened (decision 0078): what it would have
    // written is the waiting sign-up and its e-mail, queued before the answer.
    const { db } = t.app.ctx;
    const pending = await db
      .selectFrom('pending_signups')
      .select('email')
      .where('email', '=', 'planted@example.com')
      .execute();
    expect(pending).toEqual([]);
    const mail = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'planted@example.com')
      .execute();
    expect(mail).toEqual([]);
    expect(t.mailbox.messages().filter((m) => m.to.includes('planted@example.com'))).toEqual([]);
    expect(res.status).toBe(403);
  });

  it('are read from the safe methods as before', async () => {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${proposalId}`, {
      cookie: owner.cookie,
      headers: evil,
    });
    expect(res.status).toBe(200);
  });
});

describe('requests from the app itself', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50 } });
    owner = await signedInUser(t, 'owner@example.com');
  });
  afterAll(() => t.close());

  it('work with the app’s own Origin or same-origin Fetch Metadata, and without either', async () => {
    const self = { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' };
    const form = new FormData();
    form.append('used', 'groupImage');
    form.append('groupImage', new Blob([new Uint8Array(await png())]), 'kitchen.png');
    const uploaded = await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
      body: form,
      cookie: owner.cookie,
      headers: self,
    });
    expect(uploaded.status).toBe(200);

    const id = await createProposal(t, owner);
    const print = await request(t.baseUrl, 'POST', `/api/proposal/${id}/print-access`, {
      cookie: owner.cookie,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(print.status).toBe(200);

    const signup = new FormData();
    signup.append('email', 'new@example.com');
    signup.append('name', 'New');
    signup.append('logo', new Blob([new Uint8Array(await png())]), 'logo.png');
    expect(
      (
        await request(t.baseUrl, 'POST', '/api/authorization/signup', {
          body: signup,
          headers: self,
        })
      ).status,
    ).toBe(200);

    const out = await request(t.baseUrl, 'POST', '/api/authorization/logout', {
      cookie: owner.cookie,
      headers: self,
    });
    expect(out.status).toBe(200);
  });
});
