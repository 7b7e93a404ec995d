import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { photoUploadReplySchema, proposalSchema } from '../../src/shared/schemas/proposal';
import { UPLOAD_MAX_BYTES } from '../../src/shared/constants';
import { cookieJar, request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';
import { gif, pdf, png, pngBomb, rotatedJpeg, storedFiles, upload } from './support/uploads';

const TOO_BIG = 'The file you are trying to upload is bigger than 15MB';

/** POST /api/proposal/photo-upload (docs/product/uploads.md uploads, docs/product/uploads.md form, docs/product/constants.md rotation) and using uploads in a save. */
describe('uploading files', () => {
  let t: TestApp;
  let me: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    me = await signedInUser(t, 'uploader@example.com');
  });
  afterAll(() => t.close());

  const download = (url: string, cookie?: string) =>
    fetch(t.baseUrl + url, { headers: cookie ? { cookie } : {} });

  it('stores an image under the §7 name and answers its reference', async () => {
    const res = await upload(t, 'companyLogo', await png(), 'Logo (final).png', me);
    expect(res.status).toBe(200);
    const ref = photoUploadReplySchema.parse(res.body);
    expect(ref).toMatchObject({
      field: 'companyLogo',
      originalName: 'Logo (final).png',
      contentType: 'image/png',
      url: `/api/files/${ref.id}`,
    });
    const row = await t.app.ctx.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', ref.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^[0-9a-f-]{36}-companyLogo-NAME-Logo_final-NAME-\.png$/);
    expect(row).toMatchObject({ kind: 'company_logo', uploaded_by: me.id, proposal_id: null });
    expect(storedFiles(t)).toContain(row.storage_key);
  });

  it('reads the type from the content: a PDF named .png is a PDF where documents are allowed', async () => {
    const res = await upload(t, 'currentCondition', pdf(), 'scan.png', me);
    expect(res.status).toBe(200);
    expect(photoUploadReplySchema.parse(res.body).contentType).toBe('application/pdf');
    const group = await upload(t, 'groupImage', pdf(), 'drawing.pdf', me);
    expect(photoUploadReplySchema.parse(group.body).contentType).toBe('application/pdf');
  });

  it('refuses a PDF named .png where only images are allowed, and a text file named .jpg anywhere', async () => {
    const before = storedFiles(t);
    for (const field of ['companyLogo', 'personalPhoto']) {
      const res = await upload(t, field, pdf(), 'photo.png', me);
      expect(res.status).toBe(415);
      expect((res.body as { message: string }).message).toMatch(/jpg, png, gif/);
    }
    const text = await upload(
      t,
      'currentCondition',
      Buffer.from('just some text\n'),
      'photo.jpg',
      me,
    );
    expect(text.status).toBe(415);
    const html = await upload(
      t,
      'groupImage',
      Buffer.from('<svg onload="alert(1)"/>'),
      'x.gif',
      me,
    );
    expect(html.status).toBe(415);
    expect(storedFiles(t)).toEqual(before);
  });

  it(`refuses 15 MB + 1 byte with 413 "${TOO_BIG}", leaving nothing in storage`, async () => {
    const before = storedFiles(t);
    const res = await upload(t, 'currentCondition', pdf(UPLOAD_MAX_BYTES + 1), 'big.pdf', me);
    expect(res.status).toBe(413);
    expect((res.body as { message: string }).message).toBe(TOO_BIG);
    expect(storedFiles(t)).toEqual(before);
    const rows = await t.app.ctx.db
      .selectFrom('files')
      .select('id')
      .where('original_name', '=', 'big.pdf')
      .execute();
    expect(rows).toEqual([]);
  });

  it('accepts exactly 15 MB', async () => {
    const res = await upload(t, 'currentCondition', pdf(UPLOAD_MAX_BYTES), 'limit.pdf', me);
    expect(res.status).toBe(200);
    expect(photoUploadReplySchema.parse(res.body).size).toBe(UPLOAD_MAX_BYTES);
  });

  it('refuses a small file declaring a 100000×100000 image before decoding it', async () => {
    const before = storedFiles(t);
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200);
    const res = await upload(t, 'groupImage', bomb, 'bomb.png', me);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/too large/);
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses a file that claims to be an image but is not one', async () => {
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.from('garbage')]);
    const res = await upload(t, 'personalPhoto', broken, 'broken.png', me);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/could not be read/);
  });

  it('turns a photo upright from its EXIF orientation and strips its metadata', async () => {
    const original = await rotatedJpeg();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const res = await upload(t, 'personalPhoto', original, 'phone.jpg', me);
    expect(res.status).toBe(200);
    const ref = photoUploadReplySchema.parse(res.body);
    expect(ref.contentType).toBe('image/jpeg');
    const served = Buffer.from(await (await download(ref.url, me.cookie)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(served.includes('SecretCam')).toBe(false);
  });

  it('keeps GIFs as GIFs and takes a signature only as PNG', async () => {
    const g = await upload(t, 'groupImage', await gif(), 'anim.gif', me);
    expect(photoUploadReplySchema.parse(g.body).contentType).toBe('image/gif');
    expect((await upload(t, 'signature', await png(), 'sig.png', me)).status).toBe(200);
    const jpegSig = await sharp(await png())
      .jpeg()
      .toBuffer();
    expect((await upload(t, 'signature', jpegSig, 'sig.jpg', me)).status).toBe(415);
  });

  it('takes exactly one file under a known field name', async () => {
    const form = new FormData();
    form.append('companyLogo', new Blob([new Uint8Array(await png())]), 'a.png');
    form.append('personalPhoto', new Blob([new Uint8Array(await png())]), 'b.png');
    const two = await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
      body: form,
      cookie: me.cookie,
    });
    expect(two.status).toBe(400);
    expect((two.body as { message: string }).message).toBe('Please upload one file at a time.');
    const unknown = await upload(t, 'avatar', await png(), 'a.png', me);
    expect(unknown.status).toBe(400);
    const fieldsOnly = new FormData();
    fieldsOnly.append('used', 'companyLogo');
    const none = await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
      body: fieldsOnly,
      cookie: me.cookie,
    });
    expect(none.status).toBe(400);
    const json = await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
      json: {},
      cookie: me.cookie,
    });
    expect(json.status).toBe(400);
  });

  it('attaches uploads named in a save, in order, each only where its kind belongs', async () => {
    const ids = async (field: string, n: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await upload(t, field, await png(10 + i, 10), `${field}-${i}.png`, me);
        out.push(photoUploadReplySchema.parse(res.body).id);
      }
      return out;
    };
    const [logo] = await ids('companyLogo', 1);
    const [photo] = await ids('personalPhoto', 1);
    const condition = await ids('currentCondition', 3);
    const groupImages = await ids('groupImage', 2);
    const id = await createProposal(
      t,
      me,
      proposalInput({
        companyLogoId: logo!,
        personalPhotoId: photo!,
        currentConditionIds: [condition[2]!, condition[0]!, condition[1]!],
        costGroups: [{ name: 'Kitchen', imageIds: groupImages, values: [{ name: 'Sink' }] }],
      }),
    );
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: me.cookie });
    const p = proposalSchema.parse(res.body);
    expect(p.companyLogo?.id).toBe(logo);
    expect(p.personalPhoto?.id).toBe(photo);
    expect(p.currentCondition.map((f) => f.id)).toEqual([condition[2], condition[0], condition[1]]);
    expect(p.costGroups[0]!.images.map((f) => f.id)).toEqual(groupImages);

    // A file already used by one proposal cannot be put in another.
    const other = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ currentConditionIds: [condition[0]!] }),
      cookie: me.cookie,
    });
    expect(other.status).toBe(400);
  });

  it('refuses a file in the wrong place, someone else’s file, and one file used twice', async () => {
    const logo = photoUploadReplySchema.parse(
      (await upload(t, 'companyLogo', await png(), 'l.png', me)).body,
    ).id;
    const wrongPlace = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ personalPhotoId: logo }),
      cookie: me.cookie,
    });
    expect(wrongPlace.status).toBe(400);
    expect((wrongPlace.body as { message: string }).message).toMatch(/another part/);

    const someoneElse = await signedInUser(t, 'someone@example.com');
    const theirs = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ companyLogoId: logo }),
      cookie: someoneElse.cookie,
    });
    expect(theirs.status).toBe(400);
    expect((theirs.body as { message: string }).message).toMatch(/no longer available/);

    const cc = photoUploadReplySchema.parse(
      (await upload(t, 'currentCondition', pdf(), 'c.pdf', me)).body,
    ).id;
    const twice = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ currentConditionIds: [cc, cc] }),
      cookie: me.cookie,
    });
    expect(twice.status).toBe(400);
  });

  it('logged out: the upload belongs to this browser, which can preview it and create with it', async () => {
    const browser = cookieJar();
    const res = await upload(t, 'companyLogo', await png(), 'anon.png', { jar: browser });
    expect(res.status).toBe(200);
    const ref = photoUploadReplySchema.parse(res.body);
    expect(browser.get('plansmith_uploads')).toBeTruthy();
    const row = await t.app.ctx.db
      .selectFrom('files')
      .select(['uploaded_by', 'upload_token_hash'])
      .where('id', '=', ref.id)
      .executeTakeFirstOrThrow();
    expect(row.uploaded_by).toBeNull();
    expect(row.upload_token_hash).not.toContain(browser.get('plansmith_uploads')!);

    expect((await download(ref.url, browser.header())).status).toBe(200);
    expect((await download(ref.url)).status).toBe(404);
    expect((await download(ref.url, me.cookie)).status).toBe(404);

    // Another browser cannot put it in its proposal.
    const stolen = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ companyLogoId: ref.id }),
      jar: cookieJar(),
    });
    expect(stolen.status).toBe(400);
    // This browser can.
    const created = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ companyLogoId: ref.id }),
      jar: browser,
    });
    expect(created.status).toBe(201);
    const attached = await t.app.ctx.db
      .selectFrom('files')
      .select('proposal_id')
      .where('id', '=', ref.id)
      .executeTakeFirstOrThrow();
    expect(attached.proposal_id).toBe(created.body);
  });
});
