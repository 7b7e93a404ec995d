import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../shared/constants';
import { FILE_FIELDS, type FileField } from '../../shared/schemas/proposal';
import type { SignerRole } from '../../shared/schemas/signing';
import { HttpError, badRequest } from '../http/errors';
import { multipartError } from '../http/multipart';
import { route } from '../http/route';
import { proposals } from '../../shared/api/proposals';
import { uploadProposalFile, type PhotoUploadReply } from './upload';
import { UploadBudgetError } from './upload-budget';
import { ensureUploadToken } from './upload-token';
import { clientKey, personOrClient } from '../http/general-rate-limit';
import { fieldText } from '../http/json-body';

export const ONE_FILE = 'Please upload one file at a time.';
export const NO_FILE = 'Please choose a file to upload.';
export const UNKNOWN_FIELD = `The file must be sent under one of: ${FILE_FIELDS.join(', ')}.`;

/** Uploads cost disk and CPU (images are decoded): generous for users, strict for visitors. */
export const UPLOADS_PER_WINDOW = { signedIn: 300, loggedOut: 30, windowMs: 10 * 60_000 };

interface UploadForm {
  field: FileField;
  bytes: Buffer;
  filename: string;
  fields: Record<string, string>;
}

export const SIGNER_ROLE = 'role: must be contractor or homeowner.';
const isSignerRole = (v: string): v is SignerRole => v === 'contractor' || v === 'homeowner';

const isFileField = (name: string): name is FileField =>
  (FILE_FIELDS as readonly string[]).includes(name);

/**
 * Reads the form: exactly one file, under its field's name (docs/product/uploads.md), plus `used` and `originalName`.
 * The file is held in memory up to the 15 MB limit and nothing is stored before it is complete,
 * so a refused upload leaves nothing behind.
 */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  let file: Omit<UploadForm, 'fields'> | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw badRequest(ONE_FILE);
        if (!isFileField(part.fieldname)) throw badRequest(UNKNOWN_FIELD);
        const bytes = await part.toBuffer();
        file = { field: part.fieldname, bytes, filename: fieldText(part.filename) };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? fieldText(part.value) : '';
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_TOO_BIG);
    if (code === 'FST_FILES_LIMIT') throw badRequest(ONE_FILE);
    throw multipartError(err);
  }
  if (!file) throw badRequest(NO_FILE);
  return { ...file, fields };
}

/** POST /api/proposal/photo-upload */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 10, fieldSize: 4096, parts: 12 },
  });

  route(
    app,
    proposals.upload,
    {
      config: {
        rateLimit: {
          max: (request) =>
            request.user ? UPLOADS_PER_WINDOW.signedIn : UPLOADS_PER_WINDOW.loggedOut,
          keyGenerator: personOrClient('user'),
          timeWindow: UPLOADS_PER_WINDOW.windowMs,
        },
      },
    },
    async (request, reply): Promise<PhotoUploadReply> => {
      const form = await readUploadForm(request);
      const originalName = (form.fields.originalName ?? '').trim() || form.filename || 'file';
      const { user } = request;
      // docs/product/uploads.md: the signature comes with the signer's role; without one, the account's role says
      // which block its owner can sign in (a contractor the contractor's, anyone else the other).
      const role = form.fields.role;
      if (form.field === 'signature' && role !== undefined && !isSignerRole(role))
        throw badRequest(SIGNER_ROLE);
      const signerRole: SignerRole | undefined =
        form.field !== 'signature'
          ? undefined
          : role !== undefined && isSignerRole(role)
            ? role
            : user?.role === 'contractor'
              ? 'contractor'
              : 'homeowner';
      try {
        return await uploadProposalFile(ctx, {
          signerRole,
          field: form.field,
          bytes: form.bytes,
          originalName: originalName.slice(0, 255),
          userId: user?.id ?? null,
          uploadTokenHash: user ? null : ensureUploadToken(ctx, request, reply),
          client: clientKey(request),
        });
      } catch (err) {
        // A budget frees as uploads age out of the day (decision 0088): say when.
        if (err instanceof UploadBudgetError) reply.header('retry-after', err.retryAfterS);
        throw err;
      }
    },
  );
};
