import type { FastifyPluginAsync } from 'fastify';
import { requireShopper } from './access';
import { selections } from '../../shared/api/selections';
import type { Comment, Option } from '../../shared/schemas/selections';
import { route } from '../http/route';
import { onceForKey, saveKeyOf } from '../idempotency/keys';
import { noStore } from '../proposals/http';
import { addComment, deleteComment, editComment } from './comments-service';
import { updateNote } from './notes-service';
import { addProduct, removeOption, reorderOptions, setOptionPosition } from './options-service';
import { getSelectionsPage } from './page-service';
import { fixOptionProduct } from './fix-product-service';
import { CLIPS_PER_WINDOW } from '../products/routes';
import { personOrClient } from '../http/general-rate-limit';

/** Comments notify nobody, but they are stored text from people: 60 per user per 10 minutes. */
export const COMMENTS_PER_WINDOW = { max: 60, windowMs: 10 * 60_000 };

/** Registered at prefix /api/proposal: the shop page's reads and changes (schemas/selections.ts). */
export const selectionRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, selections.page, async (request, reply) => {
    noStore(reply);
    return getSelectionsPage(ctx, request.user, request.params.id);
  });

  route(app, selections.addProduct, async (request, reply) => {
    const { id } = request.params;
    const body = request.body;
    const saveKey = saveKeyOf(request, 'addProduct', request.body);
    // A retry answers the option it added, not 409 'already on this item' (decision 0015).
    const option = await onceForKey(
      ctx.db,
      saveKey,
      () => ctx.now(),
      async (recorded) => {
        await requireShopper(ctx, request.user, id);
        return JSON.parse(recorded) as Option;
      },
      () => addProduct(ctx, request.user, id, body, saveKey),
    );
    return reply.code(201).send(option);
  });

  route(app, selections.setPosition, async (request) => {
    const { id, optionId } = request.params;
    const { position, ...shown } = request.body;
    return setOptionPosition(ctx, request.user, id, optionId, position, shown);
  });

  // Fetches a Photo URL when one is given: the same limit as the product routes' fetches.
  route(
    app,
    selections.fixProduct,
    {
      config: {
        rateLimit: {
          max: CLIPS_PER_WINDOW.max,
          timeWindow: CLIPS_PER_WINDOW.windowMs,
          keyGenerator: personOrClient('fix'),
        },
      },
    },
    async (request) => {
      const { id, optionId } = request.params;
      return fixOptionProduct(ctx, request.user, id, optionId, request.body);
    },
  );

  route(app, selections.removeOption, async (request) => {
    const { id, optionId } = request.params;
    return removeOption(ctx, request.user, id, optionId, request.query.expected);
  });

  route(app, selections.reorder, async (request) => {
    const { id, itemId } = request.params;
    const { optionIds, expected } = request.body;
    return reorderOptions(ctx, request.user, id, itemId, optionIds, expected);
  });

  route(
    app,
    selections.comment,
    {
      config: {
        rateLimit: {
          max: COMMENTS_PER_WINDOW.max,
          timeWindow: COMMENTS_PER_WINDOW.windowMs,
          keyGenerator: personOrClient('comment'),
        },
      },
    },
    async (request, reply) => {
      const { id, itemId } = request.params;
      const { content } = request.body;
      const saveKey = saveKeyOf(request, 'comment', request.body);
      // A retry answers the first comment and adds no second one (decision 0015).
      const comment = await onceForKey(
        ctx.db,
        saveKey,
        () => ctx.now(),
        async (recorded) => {
          await requireShopper(ctx, request.user, id);
          return JSON.parse(recorded) as Comment;
        },
        () => addComment(ctx, request.user, id, itemId, content, saveKey),
      );
      return reply.code(201).send(comment);
    },
  );

  // Edited text is stored text too: the same limit as posting, counted on its own.
  route(
    app,
    selections.editComment,
    {
      config: {
        rateLimit: {
          max: COMMENTS_PER_WINDOW.max,
          timeWindow: COMMENTS_PER_WINDOW.windowMs,
          keyGenerator: personOrClient('comment-edit'),
        },
      },
    },
    async (request) => {
      const { id, commentId } = request.params;
      return editComment(ctx, request.user, id, commentId, request.body);
    },
  );

  route(app, selections.deleteComment, async (request) => {
    const { id, commentId } = request.params;
    await deleteComment(ctx, request.user, id, commentId, request.query.version);
    return { ok: true as const };
  });

  route(app, selections.note, async (request) => {
    const { id, itemId } = request.params;
    return updateNote(ctx, request.user, id, itemId, request.body);
  });
};
