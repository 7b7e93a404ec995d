import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySerializerCompiler,
  RouteShorthandOptions,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  isRawReply,
  type BodyOut,
  type EndpointDef,
  type ParamsOut,
  type QueryOut,
  type ReplyOf,
} from '../../shared/api/endpoint';
import { describeZodError } from '../../shared/schemas/errors';
import { badRequest, notFound } from './errors';

export type EndpointRequest<E> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

type Handler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ReplyOf<E> | FastifyReply>;

/** What a route adds to its contract entry: rate limits and body limits, as before. */
type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'config'>;

/**
 * Registers the route of a contract entry (decision 0016) in a plugin mounted at a prefix of its
 * path. Params, query and a JSON body are validated before the handler runs, with the same
 * readable 400 as `parse` (params that fail answer the one 404 of http/errors.ts unless the
 * entry says `badParams: 'badRequest'`); a JSON reply is serialized from its schema by
 * fastify-type-provider-zod, so nothing outside the schema reaches the wire.
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  ...args: [handler: Handler<E>] | [options: RouteOptions, handler: Handler<E>]
): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  if (!endpoint.path.startsWith(app.prefix))
    throw new Error(`${endpoint.path} is not under the plugin prefix ${app.prefix}`);
  const url = endpoint.path.slice(app.prefix.length) || '/';
  const schema: FastifySchema = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body && (endpoint.bodyKind ?? 'json') === 'json') schema.body = endpoint.body;
  if (!isRawReply(endpoint.reply)) schema.response = { [endpoint.status ?? 200]: endpoint.reply };
  app.route({
    ...options,
    method: endpoint.method,
    url,
    schema,
    validatorCompiler:
      ({ schema: part, httpPart }) =>
      (data: unknown) => {
        const result = (part as z.ZodType).safeParse(data ?? {});
        if (result.success) return { value: result.data };
        if (httpPart === 'params' && endpoint.badParams !== 'badRequest')
          return { error: notFound() };
        return { error: badRequest(describeZodError(result.error)) };
      },
    serializerCompiler: serializerCompiler as FastifySerializerCompiler<FastifySchema>,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
