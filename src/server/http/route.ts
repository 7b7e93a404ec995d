import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySerializerCompiler,
  RouteShorthandOptions,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

/**
 * What a route adds to its contract entry: rate limits and body limits, as before, and
 * `serializer: 'precompiled'` for a small reply sent on many requests (decision 0039).
 */
type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'config'> & {
  serializer?: 'zod' | 'precompiled';
};

/** Drops `additionalProperties: false`, which zod writes for a reply's side only. */
function withoutClosedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClosedObjects);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !(key === 'additionalProperties' && v === false))
      .map(([key, v]) => [key, withoutClosedObjects(v)]),
  );
}

/**
 * `anyOf: [X, null]` as X with `null` among its types: the same documents, but fast-json-stringify
 * tells them apart with a `=== null` instead of running Ajv on the value on every reply.
 */
function nullableAsTypeList(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableAsTypeList);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, v]) => [key, nullableAsTypeList(v)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = schema.anyOf as Record<string, unknown>[] | undefined;
  if (Object.keys(schema).length !== 1 || anyOf?.length !== 2) return schema;
  const isNull = (branch: Record<string, unknown>) =>
    Object.keys(branch).length === 1 && branch.type === 'null';
  const [other, ...rest] = anyOf.filter((branch) => !isNull(branch));
  if (!other || rest.length > 0 || typeof other.type !== 'string') return schema;
  return {
    ...other,
    type: [other.type, 'null'],
    ...(Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {}),
  };
}

/**
 * The reply schema as JSON Schema for Fastify's own serializer (fast-json-stringify, compiled
 * once at start), for routes that ask for it. It writes only the schema's properties, in the
 * schema's order, and refuses a reply that lacks a required one, as the zod encode does; it does
 * not check enum values or formats, so it suits replies the server builds from its own typed
 * rows. Only a schema whose wire form is its parsed form qualifies (no transform, codec or
 * default: zod would rewrite those on encode, fast-json-stringify would not); anything else
 * fails at start.
 */
export function precompiledReplySchema(reply: z.ZodType): Record<string, unknown> {
  const output = z.toJSONSchema(reply, { target: 'draft-7', io: 'output' });
  const input = z.toJSONSchema(reply, { target: 'draft-7', io: 'input' });
  if (JSON.stringify(withoutClosedObjects(output)) !== JSON.stringify(withoutClosedObjects(input)))
    throw new Error('a precompiled reply needs a schema whose wire form is its parsed form');
  // Open objects: fast-json-stringify skips properties a schema does not name, but a closed
  // object inside anyOf (a nullable user) would fail its branch check and answer 500 instead.
  const { $schema: _dialect, ...schema } = nullableAsTypeList(
    withoutClosedObjects(output),
  ) as Record<string, unknown>;
  return schema;
}

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
  const [{ serializer = 'zod', ...options }, handler] = args.length === 1 ? [{}, args[0]] : args;
  if (!endpoint.path.startsWith(app.prefix))
    throw new Error(`${endpoint.path} is not under the plugin prefix ${app.prefix}`);
  const url = endpoint.path.slice(app.prefix.length) || '/';
  const schema: FastifySchema = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body && (endpoint.bodyKind ?? 'json') === 'json') schema.body = endpoint.body;
  const precompiled = serializer === 'precompiled' && !isRawReply(endpoint.reply);
  if (!isRawReply(endpoint.reply))
    schema.response = {
      [endpoint.status ?? 200]: precompiled
        ? precompiledReplySchema(endpoint.reply)
        : endpoint.reply,
    };
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
    // Left out, Fastify compiles the JSON Schema with fast-json-stringify.
    ...(precompiled
      ? {}
      : { serializerCompiler: serializerCompiler as FastifySerializerCompiler<FastifySchema> }),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
