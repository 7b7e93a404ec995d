import type { FastifyPluginAsync } from 'fastify';

/** Registered at prefix /api/products (§7): catalogue list, suggestions, clip, manual add, edit. */
export const productRoutes: FastifyPluginAsync = async () => {};
