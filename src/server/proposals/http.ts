import type { FastifyReply } from 'fastify';

/** Proposals hold private data and a version the editor must see fresh. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
