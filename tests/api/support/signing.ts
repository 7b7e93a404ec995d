/**
 * Helpers for the sending, members and signing API tests: send a proposal through the API, open
 * the e-mailed proposal link as the recipient would, draw and upload a signature, sign.
 */
import sharp from 'sharp';
import type { SendBody } from '../../../src/shared/schemas/sending';
import type { SignerRole } from '../../../src/shared/schemas/signing';
import {
  photoUploadReplySchema,
  type Proposal,
  type ProposalInput,
} from '../../../src/shared/schemas/proposal';
import { cookieJar, request, type CookieJar, type HttpResponse } from './http';
import type { TestApp } from './test-app';
import { upload } from './uploads';
import { tokenFromMail, type TestUser } from './users';

type Who = { cookie?: string; jar?: CookieJar };

/** A 400×200 pad (docs/product/constants.md) with one stroke on a transparent background, as signature_pad draws it. */
export function signaturePng(): Promise<Buffer> {
  return sharp({
    create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: { create: { width: 160, height: 4, channels: 4, background: '#111f' } },
        top: 110,
        left: 120,
      },
    ])
    .png()
    .toBuffer();
}

/** The pad untouched: 400×200, every pixel transparent. */
export function blankSignaturePng(): Promise<Buffer> {
  return sharp({
    create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
}

/** Uploads a signature under the 'signature' field (docs/product/model.md); answers the file id. */
export async function uploadSignature(t: TestApp, who: Who, bytes?: Buffer): Promise<string> {
  const res = await upload(t, 'signature', bytes ?? (await signaturePng()), 'signature.png', who);
  if (res.status !== 200)
    throw new Error(`signature upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return photoUploadReplySchema.parse(res.body).id;
}

export async function proposalVersion(t: TestApp, id: string): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('proposals')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.version;
}

/** POST /api/proposal/sign/:id with a fresh signature of the caller (unless fileId is given). */
export async function signAs(
  t: TestApp,
  who: Who,
  id: string,
  role: SignerRole,
  opts: { fileId?: string; version?: number; headers?: Record<string, string> } = {},
): Promise<HttpResponse> {
  const fileId = opts.fileId ?? (await uploadSignature(t, who));
  return request(t.baseUrl, 'POST', `/api/proposal/sign/${id}`, {
    json: { fileId, role, consent: true, version: opts.version ?? (await proposalVersion(t, id)) },
    cookie: who.cookie,
    jar: who.jar,
    headers: opts.headers,
  });
}

export function sendProposal(
  t: TestApp,
  who: Who,
  body: Partial<SendBody> & { proposalId: string; to: string },
): Promise<HttpResponse> {
  return request(t.baseUrl, 'POST', '/api/proposal/send', {
    json: { homeownersName: 'Hana Homeowner', message: 'Here is your proposal.', ...body },
    cookie: who.cookie,
    jar: who.jar,
  });
}

/** Opens the newest link mailed to `email` since `since`: verify, as /signin/{token}/ does. */
export async function openMailedLink(
  t: TestApp,
  email: string,
  since: number,
  subject?: RegExp,
): Promise<{ res: HttpResponse<{ redirect: string }>; jar: CookieJar; token: string }> {
  const mail = await t.mailbox.waitFor(email, { since, subject });
  const token = tokenFromMail(mail.text);
  const jar = cookieJar();
  const res = await request<{ redirect: string }>(t.baseUrl, 'POST', '/api/authorization/verify/', {
    json: { token },
    jar,
  });
  return { res, jar, token };
}

/** Sends the proposal to `email` and signs the homeowner in through the e-mailed link. */
export async function homeownerOf(
  t: TestApp,
  owner: Who,
  proposalId: string,
  email: string,
  name = 'Hana Homeowner',
): Promise<TestUser> {
  const since = Date.now();
  const sent = await sendProposal(t, owner, { proposalId, to: email, homeownersName: name });
  if (sent.status !== 200)
    throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const { res, jar } = await openMailedLink(t, email, since);
  if (res.status !== 200) throw new Error(`verify answered ${res.status}`);
  const row = await t.app.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  // The name this proposal knows them by (decision 0087); their account's may differ.
  return { id: row.id, email, name, role: 'homeowner', cookie: jar.header() ?? '', jar };
}

/** Invites `email` and signs them in through the invitation's link. */
export async function inviteeOf(
  t: TestApp,
  owner: Who,
  proposalId: string,
  email: string,
): Promise<TestUser> {
  const since = Date.now();
  const res = await request(t.baseUrl, 'POST', `/api/proposal/${proposalId}/invite`, {
    json: { inviteeEmail: email },
    cookie: owner.cookie,
    jar: owner.jar,
  });
  if (res.status !== 200)
    throw new Error(`invite answered ${res.status}: ${JSON.stringify(res.body)}`);
  const { jar } = await openMailedLink(t, email, since);
  const row = await t.app.ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'role'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email, name: row.name, role: row.role, cookie: jar.header() ?? '', jar };
}

export function messageOf(res: HttpResponse): string {
  return (res.body as { message?: string }).message ?? '';
}

/** Everything the editor sends back for a loaded proposal, unchanged (a save that changes nothing). */
export function fullInput(p: Proposal): ProposalInput & { version: number } {
  return {
    version: p.version,
    companyName: p.companyName,
    projectName: p.projectName,
    projectAddress: p.projectAddress,
    introductoryNote: p.introductoryNote,
    name: p.name,
    phoneNumber: p.phoneNumber,
    projectScope: p.projectScope,
    teamDescription: p.teamDescription,
    contract: p.contract,
    showLogo: p.showLogo,
    sectionVisibility: p.sectionVisibility,
    personalPhotoId: p.personalPhoto?.id ?? null,
    companyLogoId: p.companyLogo?.id ?? null,
    currentConditionIds: p.currentCondition.map((f) => f.id),
    costGroups: p.costGroups.map((g) => ({
      id: g.id,
      name: g.name,
      note: g.note,
      imageIds: g.images.map((i) => i.id),
      values: g.values.map((v) => ({
        id: v.id,
        name: v.name,
        rawCost: v.rawCost,
        costType: v.costType,
        selection: v.selection,
        note: v.note,
      })),
    })),
  };
}
