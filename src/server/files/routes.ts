import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '../http/errors';
import { uploadTokenHash } from '../proposals/upload-token';
import { hasPrintAccess } from '../signing/print-access';
import { canReadFile } from './access';
import { contentDisposition, downloadName, isInlineType } from './disposition';
import { removeFile } from './remove';
import { findFileWithContext } from './repository';

const paramsSchema = z.object({ id: z.uuid() });

/** A malformed id is as unknown as a missing one. */
function fileId(params: unknown): string {
  const result = paramsSchema.safeParse(params);
  if (!result.success) throw notFound();
  return result.data.id;
}

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/:id', async (request, reply) => {
    const id = fileId(request.params);
    const userId = request.user?.id ?? null;
    const file = await findFileWithContext(ctx.db, id, userId);
    const printable = (proposalId: string) => hasPrintAccess(ctx, request, proposalId);
    if (!file || !canReadFile(file, userId, uploadTokenHash(request), printable)) throw notFound();
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

  app.delete('/:id', async (request) => {
    await removeFile(
      ctx,
      fileId(request.params),
      request.user?.id ?? null,
      uploadTokenHash(request),
    );
    return { ok: true as const };
  });
};
