import type { z } from 'zod';

/*
 * One declaration per endpoint (decision 0016): the server registers its route from it
 * (server/http/route.ts), the client calls it through it (client/lib/call.ts) and
 * GET /api/openapi.json describes it. Pure data and types: no server or browser imports.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call it. Declared, not enforced here: the services check it (and answer the error
 * replies listed), as before; the declaration feeds the OpenAPI security and the docs.
 * - anonymous: anyone, with or without a session
 * - signedIn: any signed-in user
 * - contractor: a signed-in contractor
 * - member: a reader of the proposal (its owner, homeowner or an invitee; public proposals too
 *   where the summary says so)
 * - owner: the contractor who owns the proposal
 */
export type Access = 'anonymous' | 'signedIn' | 'contractor' | 'member' | 'owner';

/** A reply that is not a JSON document (a file, a text id, a page): described, not serialized. */
export interface RawReply {
  readonly contentType: string;
  readonly description: string;
  /** The body's shape where it has one (the text id of a created proposal). */
  readonly schema?: z.ZodType;
}

/**
 * How the body travels: 'json' (validated by the route before the handler runs), 'multipart'
 * (a file upload the handler reads part by part), 'json-or-multipart' (sign-up: JSON, or a form
 * when a logo comes along; the handler validates the fields), or 'json-checked-by-handler' (JSON
 * the handler validates itself, because it answers 401 before it looks at the body).
 */
export type BodyKind = 'json' | 'multipart' | 'json-or-multipart' | 'json-checked-by-handler';

export interface EndpointDef {
  readonly operationId: string;
  readonly method: Method;
  /** The full path, Fastify style (`/api/proposal/:id`). */
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly access: Access;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly bodyKind?: BodyKind;
  readonly reply: z.ZodType | RawReply;
  /** The success status: 200 unless said. */
  readonly status?: 200 | 201 | 301;
  /** The error replies it may give, status → when. Every error body is `apiErrorSchema`. */
  readonly errors: Readonly<Record<number, string>>;
  /**
   * Params that fail their schema: 'notFound' (the default: a malformed id is as unknown as a
   * missing one, the one 404 of http/errors.ts) or 'badRequest' (a readable 400).
   */
  readonly badParams?: 'notFound' | 'badRequest';
  /** Asked for without its trailing slash, it answers 301 to this location (the docs page). */
  readonly redirectsTo?: string;
  /** A save the client retries with the same Idempotency-Key (decision 0015). */
  readonly idempotent?: boolean;
}

/**
 * What the browser needs of an endpoint (decision 0033): no schemas, so a page's first load
 * carries no zod. `contract` is never set: it carries the endpoint's types (params, query, body,
 * reply) to `call`. The routes are generated from the contract (src/shared/api/client-routes.ts).
 */
export interface ClientRoute<E extends EndpointDef = EndpointDef> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly idempotent?: true;
  readonly contract?: E;
}

/** A group of the contract as client routes: the same names, each with its endpoint's types. */
export type ClientRoutes<G extends Record<string, EndpointDef>> = {
  readonly [K in keyof G]: ClientRoute<G[K]>;
};

/** The endpoint a client route or a contract entry stands for. */
export type ContractOf<R> = R extends EndpointDef ? R : R extends ClientRoute<infer E> ? E : never;

/** Gives every endpoint one shape, keeping its literal path and schema types. */
export const defineEndpoint = <const E extends EndpointDef>(endpoint: E): E => endpoint;

export const isRawReply = (reply: EndpointDef['reply']): reply is RawReply =>
  'contentType' in reply && typeof reply.contentType === 'string';

type Schema<E, K extends keyof EndpointDef> = E extends { readonly [P in K]: infer S }
  ? S extends z.ZodType
    ? S
    : never
  : never;

/** What the client sends (schema input types). */
export type ParamsIn<E> = z.input<Schema<E, 'params'>>;
export type QueryIn<E> = z.input<Schema<E, 'query'>>;
export type BodyIn<E> = E extends { bodyKind: 'multipart' }
  ? FormData
  : E extends { bodyKind: 'json-or-multipart' }
    ? z.input<Schema<E, 'body'>> | FormData
    : z.input<Schema<E, 'body'>>;

/** What the route handler receives once validated (schema output types). */
export type ParamsOut<E> = z.output<Schema<E, 'params'>>;
export type QueryOut<E> = z.output<Schema<E, 'query'>>;
export type BodyOut<E> = E extends {
  bodyKind: 'multipart' | 'json-or-multipart' | 'json-checked-by-handler';
}
  ? unknown
  : z.output<Schema<E, 'body'>>;

/** The reply's type: the schema's output, or the raw reply's schema, else unknown. */
export type ReplyOf<E> = E extends { readonly reply: infer R }
  ? R extends z.ZodType
    ? z.output<R>
    : R extends { readonly schema: infer S extends z.ZodType }
      ? z.output<S>
      : unknown
  : never;

/** The call's input: only the parts the endpoint has. */
export type CallInput<E> = (E extends { params: z.ZodType } ? { params: ParamsIn<E> } : unknown) &
  (E extends { query: z.ZodType } ? { query: QueryIn<E> } : unknown) &
  (E extends { body: z.ZodType } ? { body: BodyIn<E> } : unknown);

/** `/api/proposal/:id/members` with { id } → `/api/proposal/<id>/members` (each value encoded). */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`Path parameter ${name} must be a string or a number`);
    return encodeURIComponent(String(value));
  });
}

/** The path in OpenAPI form: `/api/proposal/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const ERROR_TEXT: Record<number, string> = {
  400: 'The input is not valid; the message names what to fix.',
  401: 'Not signed in.',
  403: 'Signed in, but this account may not do this.',
  404: 'Not found: no such id, or the caller may not see it (the same answer for both).',
  409: 'The data changed meanwhile, or the action conflicts with its state; the message says which.',
  413: 'The request or the file is too large.',
  415: 'The content type is not accepted.',
  422: 'The page or image could not be used.',
  507: 'The server is out of storage space; nothing was saved.',
};

/** The error replies of an endpoint, with their standard descriptions (decision 0016). */
export const errorReplies = (...codes: number[]): Record<number, string> =>
  Object.fromEntries(codes.map((code) => [code, ERROR_TEXT[code] ?? 'Refused.']));
