import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '../../src/shared/schemas/proposal';
import { cookieJar, request, startTestApp, type TestApp } from './support/test-app';
import type { Option } from '../../src/shared/schemas/selections';
import { NO_CONSENT_RECORDED, type SigningLog } from '../../src/shared/schemas/signing';
import { openMailedLink, sendProposal, uploadSignature } from './support/signing';
import { insertProduct } from './support/products';
import {
  createProposal,
  proposalInput,
  signedInUser,
  tokenFromMail,
  type TestUser,
} from './support/users';

/*
 * docs/product/model.md request shapes in the spec's own wire form (issue 10): the spec's client sends a cost type as
 * the strings '1' to '6', or '' for none. Numbers and null stay accepted.
 */
describe('the spec’s wire form of requests', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'wire@example.com');
  });
  afterAll(() => t.close());

  const wireItems = [
    { name: 'Labor item', rawCost: '100', costType: '1' },
    { name: 'Materials item', rawCost: '200', costType: '2' },
    { name: 'Both item', rawCost: '300', costType: '3' },
    { name: 'Allowance item', rawCost: '400', costType: '4' },
    { name: 'Services item', rawCost: '500', costType: '5' },
    { name: 'Other item', rawCost: '600', costType: '6' },
    { name: 'Untyped item', rawCost: '700', costType: '' },
    { name: 'Number item', rawCost: '800', costType: 3 },
    { name: 'Null item', rawCost: '900', costType: null },
  ];

  const costTypesOf = (p: Proposal) =>
    p.costGroups[0]?.values.map((item) => [item.name, item.costType]);

  it("POST and PUT /api/proposal take costType as '1'-'6', '' (none), a number or null", async () => {
    const created = await request<string>(t.baseUrl, 'POST', '/api/proposal', {
      json: { ...proposalInput(), costGroups: [{ name: 'Kitchen', values: wireItems }] },
      cookie: owner.cookie,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body;
    const read = await request<Proposal>(t.baseUrl, 'GET', `/api/proposal/${id}`, {
      cookie: owner.cookie,
    });
    expect(costTypesOf(read.body)).toEqual([
      ['Labor item', 1],
      ['Materials item', 2],
      ['Both item', 3],
      ['Allowance item', 4],
      ['Services item', 5],
      ['Other item', 6],
      ['Untyped item', null],
      ['Number item', 3],
      ['Null item', null],
    ]);

    const updated = await request<{ id: string }>(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: {
        ...proposalInput(),
        version: read.body.version,
        costGroups: [
          {
            name: 'Kitchen',
            values: [
              { name: 'Now services', rawCost: '100', costType: '5' },
              { name: 'Now untyped', rawCost: '200', costType: '' },
            ],
          },
        ],
      },
      cookie: owner.cookie,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.id).toBe(id);
    const reread = await request<Proposal>(t.baseUrl, 'GET', `/api/proposal/${id}`, {
      cookie: owner.cookie,
    });
    expect(costTypesOf(reread.body)).toEqual([
      ['Now services', 5],
      ['Now untyped', null],
    ]);
  });

  it('still refuses a cost type outside 1 to 6', async () => {
    for (const costType of ['7', '0', 'labor', 7]) {
      const res = await request(t.baseUrl, 'POST', '/api/proposal', {
        json: {
          ...proposalInput(),
          costGroups: [{ name: 'Kitchen', values: [{ name: 'Bad', rawCost: '1', costType }] }],
        },
        cookie: owner.cookie,
      });
      expect(res.status).toBe(400);
    }
  });

  it('sign-up takes the spec payload {email, name, phoneNumber, companyName, role}', async () => {
    const since = Date.now();
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: {
        email: 'Spec.Form@Example.com',
        name: 'Spec Form',
        phoneNumber: '',
        companyName: '',
        role: 'contractor',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await t.mailbox.waitFor('spec.form@example.com', { since });
    const jar = cookieJar();
    const verified = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
      jar,
    });
    expect(verified.status).toBe(200);
    const signin = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'spec.form@example.com' },
    });
    expect(signin.status).toBe(200);
  });

  it('addProduct takes the spec payload {costGroupId, costItemId, title, image, price, currency, url}', async () => {
    const created = await request<string>(t.baseUrl, 'POST', '/api/proposal', {
      json: {
        ...proposalInput(),
        costGroups: [
          { name: 'Kitchen', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
        ],
      },
      cookie: owner.cookie,
    });
    const proposal = await request<Proposal>(t.baseUrl, 'GET', `/api/proposal/${created.body}`, {
      cookie: owner.cookie,
    });
    const group = proposal.body.costGroups[0]!;
    const item = group.values[0]!;
    const productId = await insertProduct(t, {
      title: 'Arc Faucet',
      url: 'https://shop.example.com/arc-faucet',
      price_cents: 18900,
    });
    const spec = {
      costGroupId: group.id,
      costItemId: item.id,
      title: 'Forged title',
      image: 'https://evil.example/x.png',
      price: 1,
      currency: 'EUR',
      url: 'https://shop.example.com/arc-faucet#reviews',
    };
    const added = await request<Option>(
      t.baseUrl,
      'POST',
      `/api/proposal/${created.body}/addProduct/`,
      { json: spec, cookie: owner.cookie },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // The stored product, never the request's title or price.
    expect(added.body.productId).toBe(productId);
    expect(added.body.product).toMatchObject({ title: 'Arc Faucet', priceCents: 18900 });

    const unknown = await request(t.baseUrl, 'POST', `/api/proposal/${created.body}/addProduct/`, {
      json: { ...spec, url: 'https://shop.example.com/never-clipped' },
      cookie: owner.cookie,
    });
    expect(unknown.status).toBe(404);
    const neither = await request(t.baseUrl, 'POST', `/api/proposal/${created.body}/addProduct/`, {
      json: { costItemId: item.id },
      cookie: owner.cookie,
    });
    expect(neither.status).toBe(400);
  });

  it('sign takes the spec payload {fileId}; the log does not claim a consent that was not given', async () => {
    const id = await createProposal(t, owner);
    const since = Date.now();
    const sent = await sendProposal(t, owner, { proposalId: id, to: 'wire-home@example.com' });
    expect(sent.status).toBe(200);
    const { jar } = await openMailedLink(t, 'wire-home@example.com', since);
    const fileId = await uploadSignature(t, { jar });
    const signed = await request(t.baseUrl, 'POST', `/api/proposal/sign/${id}`, {
      json: { fileId },
      jar,
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const log = await request<SigningLog>(t.baseUrl, 'POST', '/api/proposal/log', {
      json: { proposalId: id },
      jar,
    });
    expect(log.status).toBe(200);
    expect(log.body.homeowner?.consent).toBe(NO_CONSENT_RECORDED);
    expect(log.body.matches.homeowner).toBe(true);
  });
});
