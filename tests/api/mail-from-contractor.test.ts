import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeownerOf, proposalVersion, sendProposal, signAs } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * Mail a contractor sends to people answers to them (decision 0090, review 27 finding 3): the
 * proposal (sent and resent) and the invitation go out as '{name} via Plansmith' from our own
 * address, Reply-To the contractor's account address, with their name, company, phone and
 * address in the footer of both parts. Read as received: through nodemailer, SMTP and a parser.
 */

describe('mail a contractor sends answers to them', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'carla@example.com', 'contractor', { name: 'Carla Contreras' });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const newProposal = () =>
    createProposal(
      t,
      owner,
      proposalInput({
        companyName: 'Contreras Remodeling',
        projectName: 'Ng Kitchen Remodel',
        phoneNumber: '(555) 010-0199',
      }),
    );
  const invite = (id: string, inviteeEmail: string) =>
    request(t.baseUrl, 'POST', `/api/proposal/${id}/invite`, {
      json: { inviteeEmail },
      cookie: owner.cookie,
    });
  const footer = [
    'Sent by Carla Contreras, Contreras Remodeling',
    'Phone: (555) 010-0199',
    'Email: carla@example.com',
    'Reply to this email to write to Carla Contreras.',
  ];

  it('the proposal e-mail, sent and resent, is from the contractor and answers to them', async () => {
    const id = await newProposal();
    for (const round of ['sent', 'resent']) {
      const since = Date.now();
      const res = await sendProposal(t, owner, { proposalId: id, to: 'hana.ng@example.com' });
      expect(res.status, round).toBe(200);
      const mail = await t.mailbox.waitFor('hana.ng@example.com', { since });
      expect(mail.subject).toBe('Contreras Remodeling sent you a proposal for Ng Kitchen Remodel');
      expect(mail.fromName, round).toBe('Carla Contreras via Plansmith');
      expect(mail.fromAddress).toBe('no-reply@localhost');
      expect(mail.replyTo).toBe('carla@example.com');
      // The footer, one line each in the plain text, and the same words in the HTML.
      expect(mail.text).toContain(footer.join('\n'));
      for (const line of footer) expect(mail.html).toContain(line);
      expect(mail.html).toContain(`<title>${mail.subject}</title>`);
      expect(mail.html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
      );
    }
    const rows = await db()
      .selectFrom('mail_outbox')
      .select(['reply_to', 'from_name'])
      .where('to_address', '=', 'hana.ng@example.com')
      .execute();
    expect(rows).toEqual([
      { reply_to: 'carla@example.com', from_name: 'Carla Contreras via Plansmith' },
      { reply_to: 'carla@example.com', from_name: 'Carla Contreras via Plansmith' },
    ]);
  });

  it('the invitation names the company, answers to the contractor and never shows the homeowner', async () => {
    const id = await newProposal();
    expect(
      (await sendProposal(t, owner, { proposalId: id, to: 'hana.ng@example.com' })).status,
    ).toBe(200);
    const since = Date.now();
    expect((await invite(id, 'dora.designer@example.com')).status).toBe(200);
    const mail = await t.mailbox.waitFor('dora.designer@example.com', { since });
    expect(mail.subject).toBe(
      'Carla Contreras of Contreras Remodeling invited you to the proposal for Ng Kitchen Remodel',
    );
    expect(mail.fromName).toBe('Carla Contreras via Plansmith');
    expect(mail.fromAddress).toBe('no-reply@localhost');
    expect(mail.replyTo).toBe('carla@example.com');
    expect(mail.text).toContain(footer.join('\n'));
    expect(mail.html).toContain('Email: carla@example.com');
    for (const part of [mail.text, mail.html, mail.replyTo]) {
      expect(part).not.toContain('hana.ng@example.com');
      expect(part).not.toContain('Hana');
    }
  });

  it('a name with quotes, a comma, a line break and accents stays one encoded display name', async () => {
    const hostile = 'O\'Brien, "Carla"\r\nBcc: evil@example.com Zoë';
    const sly = await signedInUser(t, 'sly@example.com', 'contractor');
    await db().updateTable('users').set({ name: hostile }).where('id', '=', sly.id).execute();
    const id = await createProposal(t, sly, proposalInput({ phoneNumber: '' }));
    const since = Date.now();
    const res = await sendProposal(t, sly, { proposalId: id, to: 'ines@example.com' });
    expect(res.status).toBe(200);
    const mail = await t.mailbox.waitFor('ines@example.com', { since });
    // The line break became a space: no header was added, and nobody else was sent it.
    expect(mail.fromName).toBe('O\'Brien, "Carla" Bcc: evil@example.com Zoë via Plansmith');
    expect(mail.fromAddress).toBe('no-reply@localhost');
    expect(mail.replyTo).toBe('sly@example.com');
    expect(mail.to).toEqual(['ines@example.com']);
    expect(t.mailbox.messages().some((m) => m.to.includes('evil@example.com'))).toBe(false);
    // The footer shows the name as text, escaped in the HTML; the cover has no phone: the account's.
    expect(mail.html).toContain(
      'Sent by O&#x27;Brien, &quot;Carla&quot; Bcc: evil@example.com Zoë',
    );
    expect(mail.text).toContain('Phone: 555-0100\nEmail: sly@example.com');
  });

  it('mail that is not the contractor’s own keeps the plain From and no Reply-To', async () => {
    const since = Date.now();
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'carla@example.com' },
    });
    expect(res.status).toBe(200);
    const mail = await t.mailbox.waitFor('carla@example.com', { since });
    expect(mail.fromName).toBe('Plansmith');
    expect(mail.replyTo).toBe('');
    expect(mail.text).not.toContain('Reply to this email');
    expect(mail.html).toContain('<title>Your Plansmith login link</title>');
  });
  it('the homeowner’s signing notices answer to the contractor; the owner’s own do not', async () => {
    // Countersigned, then changed by the contractor: the homeowner is told it changed.
    const changed = await newProposal();
    const hana = await homeownerOf(t, owner, changed, 'hana.changed@example.com', 'Hana Ng');
    expect((await signAs(t, owner, changed, 'contractor')).status).toBe(200);
    let since = Date.now();
    const saved = await request(t.baseUrl, 'PUT', `/api/proposal/${changed}`, {
      json: {
        projectName: 'Ng Kitchen and Pantry',
        version: await proposalVersion(t, changed),
        withdrawSignature: true,
      },
      cookie: owner.cookie,
    });
    expect(saved.status).toBe(200);
    const told = await t.mailbox.waitFor(hana.email, { since, subject: /changed/ });
    expect(told.replyTo).toBe('carla@example.com');
    expect(told.fromName).toBe('Carla Contreras via Plansmith');

    // Signed by both: the homeowner's 'Fully signed' answers to the contractor, the owner's not.
    const signed = await newProposal();
    const nina = await homeownerOf(t, owner, signed, 'nina.signed@example.com', 'Nina Ng');
    expect((await signAs(t, nina, signed, 'homeowner')).status).toBe(200);
    since = Date.now();
    expect((await signAs(t, owner, signed, 'contractor')).status).toBe(200);
    const hers = await t.mailbox.waitFor(nina.email, { since, subject: /Fully signed/ });
    expect(hers.replyTo).toBe('carla@example.com');
    expect(hers.fromName).toBe('Carla Contreras via Plansmith');
    const his = await t.mailbox.waitFor(owner.email, { since, subject: /Fully signed/ });
    expect(his.replyTo).toBe('');
    expect(his.fromName).toBe('Plansmith');
  });
});
