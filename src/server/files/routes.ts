import type { FastifyPluginAsync } from 'fastify';
import { files } from '../../shared/api/files';
import { notFound } from '../http/errors';
import { route } from '../http/route';
import { uploadTokenHash } from '../proposals/upload-token';
import { printAccessOf } from '../signing/print-access';
import { canReadFile } from './access';
import { contentDisposition, downloadName, isInlineType } from './disposition';
import { removeFile } from './remove';
import { findFileWithContext } from './repository';

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // A binary reply (RawReply in the contract): sent as is, no reply schema.
  route(app, files.get, async (request, reply) => {
    const { id } = request.params;
    const userId = request.user?.id ?? null;
    const file = await findFileWithContext(ctx.db, id, userId);
    if (!file) throw notFound();
    const tokenHash = uploadTokenHash(request);
    // The print cookie is read (one query) only for a file its caller could not read anyway.
    const proposalId = file.proposal_id;
    const print =
      proposalId !== null &&
      !canReadFile(file, userId, tokenHash) &&
      (await printAccessOf(ctx, request, proposalId));
    if (!canReadFile(file, userId, tokenHash, (id) => print && id === proposalId)) throw notFound();
    const body = await ctx.storage.get(file.storage_key);
    if (!body) throw notFound();
    // Only raster images are shown in the page; anything else (PDF, Word) is a download, so no
    // uploaded file can run as a page of this site.
    const inline = isInlineType(file.content_type);
    return reply
      .type(inline ? file.content_type : file.content_type || 'application/octet-stream')
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header(
        'content-disposition',
        contentDisposition(
          inline ? 'inline' : 'attachment',
          downloadName(file.original_name, file.content_type),
        ),
      )
      .send(body);
  });

  route(app, files.remove, async (request) => {
    await removeFile(ctx, request.params.id, request.user?.id ?? null, uploadTokenHash(request));
    return { ok: true as const };
  });
};
