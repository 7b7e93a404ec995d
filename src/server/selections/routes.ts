import type { FastifyPluginAsync } from 'fastify';

/** Registered at prefix /api/proposal: the shop page's reads and changes (schemas/selections.ts). */
export const selectionRoutes: FastifyPluginAsync = async () => {};
