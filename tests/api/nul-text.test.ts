import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_IN_TEXT } from '../../src/server/http/errors';
import { request, startTestApp, type TestApp } from './support/test-app';
import { png, uploadForm } from './support/uploads';

/*
 * U+0000 in text (review 20): PostgreSQL cannot store it and answered 500 where SQLite stored
 * it. Both engines now refuse it with the same 400 and store nothing, in JSON bodies and in
 * multipart fields alike; the six characters `\u0000` typed as text are still text.
 */
describe('the NUL character in what is sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SUPPORT_EMAIL: 'support@plansmith.example' } });
  });
  afterAll(() => t.close());

  const help = (message: string) =>
    request(t.baseUrl, 'POST', '/api/reports/help', {
      json: { email: 'nul@example.com', message },
    });
  const refused = (res: { status: number; body: unknown }) => {
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(NUL_IN_TEXT);
  };
  const feedbackRows = () =>
    t.app.ctx.db
      .selectFrom('feedback')
      .select('message')
      .where('email', '=', 'nul@example.com')
      .execute();

  it('a JSON string holding U+0000 is refused with 400, and nothing is stored', async () => {
    refused(await help('hi\u0000there'));
    expect(await feedbackRows()).toEqual([]);
    // Anonymous, and the ids go straight into a query.
    refused(
      await request(t.baseUrl, 'POST', '/api/products/byName/faucet', {
        json: { selections: [{ productId: '\u0000' }] },
      }),
    );
  });

  it('the text \\u0000 (a backslash and five characters) is kept as typed', async () => {
    expect((await help('type \\u0000 to mean nothing')).status).toBe(200);
    expect(await feedbackRows()).toEqual([{ message: 'type \\u0000 to mean nothing' }]);
  });

  it('a multipart field or file name holding U+0000 is refused with 400', async () => {
    const signup = new FormData();
    signup.append('email', 'nul.signup@example.com');
    signup.append('name', 'Nul\u0000Name');
    signup.append('logo', new Blob([new Uint8Array(await png())]), 'logo.png');
    refused(await request(t.baseUrl, 'POST', '/api/authorization/signup', { body: signup }));

    const named = uploadForm('groupImage', await png(4, 4), 'a.png');
    named.set('originalName', 'a\u0000.png');
    refused(await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', { body: named }));

    // The file's own name, in the part's header.
    const file = new FormData();
    file.append('used', 'groupImage');
    file.append('groupImage', new Blob([new Uint8Array(await png(4, 4))]), 'b\u0000.png');
    refused(await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', { body: file }));
  });
});
