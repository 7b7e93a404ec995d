import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '../http/errors';
import { parse } from '../http/validate';

const paramsSchema = z.object({ id: z.uuid('Unknown file.') });

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.get('/:id', async (request, reply) => {
    const { id } = parse(paramsSchema, request.params);
    const file = await ctx.db
      .selectFrom('files')
      .select(['storage_key', 'content_type', 'kind', 'uploaded_by', 'original_name'])
      .where('id', '=', id)
      .executeTakeFirst();
    // Company logos are shown on public pages; other files are checked against their proposal
    // (that rule arrives with proposals), until then only their uploader reads them.
    const readable =
      file &&
      (file.kind === 'company_logo' || (request.user && request.user.id === file.uploaded_by));
    if (!file || !readable) throw notFound();
    const body = await ctx.storage.get(file.storage_key);
    if (!body) throw notFound();
    return reply
      .type(file.content_type)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-disposition',
        file.content_type.startsWith('image/') ? 'inline' : 'attachment',
      )
      .send(body);
  });
};
