import { z } from 'zod';
import {
  createProductRequestSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  suggestionsQuerySchema,
  suggestionsRequestSchema,
  updateProductRequestSchema,
} from '../schemas/products';
import { defineEndpoint, errorReplies } from './endpoint';

/** The catalogue: list, seed images, suggestions, clip or manual add, edit (/api/products). */
export const products = {
  list: defineEndpoint({
    operationId: 'listProducts',
    method: 'GET',
    path: '/api/products',
    summary:
      'Catalogue products matching every search word, a page at a time; with `currency`, those in it first.',
    access: 'anonymous',
    query: productListQuerySchema,
    reply: productListSchema,
    errors: errorReplies(400),
  }),
  image: defineEndpoint({
    operationId: 'catalogueImage',
    method: 'GET',
    path: '/api/products/images/:file',
    summary: "A seed catalogue product's image.",
    access: 'anonymous',
    params: z.object({ file: z.string().max(200) }),
    reply: { contentType: 'image/*', description: 'The image.' },
    errors: errorReplies(404),
  }),
  byName: defineEndpoint({
    operationId: 'productSuggestions',
    method: 'POST',
    path: '/api/products/byName/:name',
    summary:
      "Up to 4 catalogue products for an item's name, excluding its options; with `currency`, those in it first.",
    access: 'anonymous',
    params: z.object({ name: z.string().max(300, 'The item name is too long.') }),
    badParams: 'badRequest',
    query: suggestionsQuerySchema,
    body: suggestionsRequestSchema,
    reply: productListSchema,
    errors: errorReplies(400),
  }),
  create: defineEndpoint({
    operationId: 'createProduct',
    method: 'POST',
    path: '/api/products',
    summary: 'Add a product: clip a retailer page by URL, or enter one by hand (`manual`).',
    access: 'signedIn',
    body: createProductRequestSchema,
    bodyKind: 'json-checked-by-handler',
    reply: productSchema,
    errors: errorReplies(400, 401, 403, 404, 422),
  }),
  update: defineEndpoint({
    operationId: 'updateProduct',
    method: 'PUT',
    path: '/api/products/:id',
    summary: 'Edit a product the caller entered by hand.',
    access: 'signedIn',
    params: z.object({ id: z.uuid() }),
    body: updateProductRequestSchema,
    bodyKind: 'json-checked-by-handler',
    reply: productSchema,
    errors: errorReplies(400, 401, 403, 404, 422),
  }),
};
