import type { FastifyPluginAsync } from 'fastify';
import { products } from '../../shared/api/products';
import { SUGGESTED_OPTIONS } from '../../shared/constants';
import {
  clipProductRequestSchema,
  manualProductRequestSchema,
  updateProductRequestSchema,
} from '../../shared/schemas/products';
import { notFound, unauthorized } from '../http/errors';
import { route } from '../http/route';
import { parse } from '../http/validate';
import { catalogueRepository } from './catalogue-repository';
import { clipProduct } from './clip-service';
import { toProductDto } from './dto';
import {
  LOG_IN_TO_ADD,
  LOG_IN_TO_EDIT,
  addManualProduct,
  updateManualProduct,
} from './manual-service';
import { searchWords } from './search-terms';
import { readSeedImage } from './seed-images';
import { personOrClient, clientKey } from '../http/general-rate-limit';

export const LOG_IN_TO_CLIP = 'Please log in to add products from a web page.';

/** Clipping makes this server fetch other sites: a person's pace, not a crawler's. */
export const CLIPS_PER_WINDOW = { max: 60, windowMs: 10 * 60_000 };
/**
 * Adding (a clip, or a manual product's Photo URL) and editing (a new Photo URL) make this server
 * fetch and decode another site's page or image: each route is held to that pace, per person.
 */
const fetchingRateLimit = {
  max: CLIPS_PER_WINDOW.max,
  timeWindow: CLIPS_PER_WINDOW.windowMs,
  keyGenerator: personOrClient('user'),
};
/** Suggestions are cheap indexed reads, asked for every item of a shop page. */
export const SUGGESTIONS_PER_MINUTE = 300;

/** Registered at prefix /api/products (docs/product/catalogue.md): catalogue list, suggestions, clip, manual add, edit. */
export const productRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const catalogue = catalogueRepository(ctx);

  // A page of search results on every keystroke's pause: written by a compiled serializer
  // (decision 0039), since the rows are the server's own and typed (decision 0046).
  route(app, products.list, { serializer: 'precompiled' }, async (request) => {
    const query = request.query;
    const rows = await catalogue.search({
      terms: query.searchTerms,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      mode: 'all',
      currency: query.currency,
    });
    return rows.map((row) => toProductDto(row, request.user?.id ?? null));
  });

  // A binary reply (RawReply in the contract): sent as is, no reply schema.
  route(app, products.image, async (request, reply) => {
    const image = await readSeedImage(request.params.file);
    if (!image) throw notFound();
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=2592000')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });

  route(
    app,
    products.byName,
    {
      config: {
        rateLimit: { max: SUGGESTIONS_PER_MINUTE, timeWindow: 60_000, keyGenerator: clientKey },
      },
    },
    async (request) => {
      const { name } = request.params;
      const body = request.body;
      // An item named only with small words or symbols suggests nothing rather than anything.
      if (searchWords(name, 'any').length === 0) return [];
      const rows = await catalogue.search({
        terms: name,
        limit: SUGGESTED_OPTIONS,
        offset: 0,
        excludeIds: body.selections.map((s) => s.productId),
        mode: 'any',
        currency: request.query.currency,
      });
      return rows.map((row) => toProductDto(row, request.user?.id ?? null));
    },
  );

  // Its reply is written from a compiled serializer: in a burst of clips, each reply's zod
  // check held up the others waiting for the thread (decision 0041).
  // Clips come in bursts: each request is taken up in a turn of its own (decision 0052).
  const createOptions = {
    config: { rateLimit: fetchingRateLimit, ownTurn: true },
    serializer: 'precompiled',
  } as const;
  // The body is checked here, after the sign-in check: a signed-out caller hears 401 first.
  route(app, products.create, createOptions, async (request) => {
    const { user } = request;
    const body: unknown = request.body;
    // The manual form says so; anything else is a URL to clip, so each gets its own messages.
    if (typeof body === 'object' && body !== null && 'manual' in body) {
      if (!user) throw unauthorized(LOG_IN_TO_ADD);
      const input = parse(manualProductRequestSchema, body);
      const product = await addManualProduct(ctx, user, input.costItemId, input.manualProductData);
      return toProductDto(product, user.id);
    }
    if (!user) throw unauthorized(LOG_IN_TO_CLIP);
    const { url } = parse(clipProductRequestSchema, body);
    return toProductDto(await clipProduct(ctx, user, url), user.id);
  });

  route(app, products.update, { config: { rateLimit: fetchingRateLimit } }, async (request) => {
    const { user } = request;
    if (!user) throw unauthorized(LOG_IN_TO_EDIT);
    const { expected, ...data } = parse(updateProductRequestSchema, request.body);
    const product = await updateManualProduct(ctx, user, request.params.id, data, expected);
    return toProductDto(product, user.id);
  });
};
