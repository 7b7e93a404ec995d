import type { z } from 'zod';
import { describeZodError } from '../../shared/schemas/errors';
import { badRequest } from './errors';

/** Parses request input with a shared schema; bad input becomes a readable 400. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}
