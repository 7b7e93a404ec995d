import type { FastifyPluginAsync } from 'fastify';
import { requireReader } from '../proposals/access';
import type { z } from 'zod';
import {
  addCommentRequestSchema,
  addProductRequestSchema,
  itemParams,
  optionParams,
  reorderOptionsRequestSchema,
  setPositionRequestSchema,
  updateNoteRequestSchema,
  type Comment,
  type ItemOptions,
  type Option,
  type SelectionsPage,
} from '../../shared/schemas/selections';
import { notFound } from '../http/errors';
import { parse } from '../http/validate';
import { onceForKey, saveKeyOf } from '../idempotency/keys';
import { idParam, noStore } from '../proposals/http';
import { addComment } from './comments-service';
import { updateNote } from './notes-service';
import { addProduct, removeOption, reorderOptions, setOptionPosition } from './options-service';
import { getSelectionsPage } from './page-service';
import { fixOptionProduct } from './fix-product-service';
import { manualProductDataSchema } from '../../shared/schemas/products';
import { CLIPS_PER_WINDOW } from '../products/routes';

/** Comments notify nobody, but they are stored text from people: 60 per user per 10 minutes. */
export const COMMENTS_PER_WINDOW = { max: 60, windowMs: 10 * 60_000 };

/** A malformed id is as unknown as a missing one: 404, as for the proposal routes (proposals/http.ts). */
function paramsOf<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  idParam(params);
  const result = schema.safeParse(params);
  if (!result.success) throw notFound();
  return result.data;
}

/** Registered at prefix /api/proposal: the shop page's reads and changes (schemas/selections.ts). */
export const selectionRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/:id/selections', async (request, reply): Promise<SelectionsPage> => {
    const id = idParam(request.params);
    noStore(reply);
    return getSelectionsPage(ctx, request.user, id);
  });

  app.post('/:id/addProduct', async (request, reply): Promise<Option> => {
    const id = idParam(request.params);
    const body = parse(addProductRequestSchema, request.body);
    const saveKey = saveKeyOf(request, 'addProduct', request.body);
    // A retry answers the option it added, not 409 'already on this item' (decision 0015).
    const option = await onceForKey(
      ctx.db,
      saveKey,
      () => ctx.now(),
      async (recorded) => {
        await requireReader(ctx, request.user, id);
        return JSON.parse(recorded) as Option;
      },
      () => addProduct(ctx, request.user, id, body, saveKey),
    );
    return reply.code(201).send(option);
  });

  app.put('/:id/options/:optionId', async (request): Promise<ItemOptions> => {
    const { id, optionId } = paramsOf(optionParams, request.params);
    const { position } = parse(setPositionRequestSchema, request.body);
    return setOptionPosition(ctx, request.user, id, optionId, position);
  });

  // Fetches a Photo URL when one is given: the same limit as the product routes' fetches.
  app.put(
    '/:id/options/:optionId/product',
    {
      config: {
        rateLimit: {
          max: CLIPS_PER_WINDOW.max,
          timeWindow: CLIPS_PER_WINDOW.windowMs,
          keyGenerator: (request) => (request.user ? `fix:${request.user.id}` : request.ip),
        },
      },
    },
    async (request): Promise<ItemOptions> => {
      const { id, optionId } = paramsOf(optionParams, request.params);
      const data = parse(manualProductDataSchema, request.body);
      return fixOptionProduct(ctx, request.user, id, optionId, data);
    },
  );

  app.delete('/:id/options/:optionId', async (request): Promise<ItemOptions> => {
    const { id, optionId } = paramsOf(optionParams, request.params);
    return removeOption(ctx, request.user, id, optionId);
  });

  app.put('/:id/items/:itemId/options/order', async (request): Promise<ItemOptions> => {
    const { id, itemId } = paramsOf(itemParams, request.params);
    const { optionIds } = parse(reorderOptionsRequestSchema, request.body);
    return reorderOptions(ctx, request.user, id, itemId, optionIds);
  });

  app.post(
    '/:id/items/:itemId/comments',
    {
      config: {
        rateLimit: {
          max: COMMENTS_PER_WINDOW.max,
          timeWindow: COMMENTS_PER_WINDOW.windowMs,
          keyGenerator: (request) => (request.user ? `comment:${request.user.id}` : request.ip),
        },
      },
    },
    async (request, reply): Promise<Comment> => {
      const { id, itemId } = paramsOf(itemParams, request.params);
      const { content } = parse(addCommentRequestSchema, request.body);
      const saveKey = saveKeyOf(request, 'comment', request.body);
      // A retry answers the first comment and adds no second one (decision 0015).
      const comment = await onceForKey(
        ctx.db,
        saveKey,
        () => ctx.now(),
        async (recorded) => {
          await requireReader(ctx, request.user, id);
          return JSON.parse(recorded) as Comment;
        },
        () => addComment(ctx, request.user, id, itemId, content, saveKey),
      );
      return reply.code(201).send(comment);
    },
  );

  app.put('/:id/items/:itemId/note', async (request): Promise<{ note: string }> => {
    const { id, itemId } = paramsOf(itemParams, request.params);
    const body = parse(updateNoteRequestSchema, request.body);
    return updateNote(ctx, request.user, id, itemId, body);
  });
};
