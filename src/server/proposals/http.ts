import type { FastifyReply } from 'fastify';
import { proposalIdParamsSchema } from '../../shared/schemas/proposal';
import { notFound } from '../http/errors';

/** A malformed id is as unknown as a missing one: 404, never a hint. */
export function idParam(params: unknown): string {
  const result = proposalIdParamsSchema.safeParse(params);
  if (!result.success) throw notFound();
  return result.data.id;
}

/** Proposals hold private data and a version the editor must see fresh. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
