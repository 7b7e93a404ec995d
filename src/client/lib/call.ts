import {
  isRawReply,
  pathOf,
  type CallInput,
  type ClientRoute,
  type ContractOf,
  type EndpointDef,
  type ReplyOf,
} from '../../shared/api/endpoint';
import { api } from './api';

/*
 * The one way the client calls the API (decision 0016): `call(proposals.get, { params: { id } })`.
 * The app passes client routes (shared/api/client-routes.ts, decision 0033): the method, the path
 * and whether the save carries an Idempotency-Key (decision 0015), with the contract's types but
 * none of its zod, so no page loads zod to call the API. The server already sends every reply
 * through its schema, so the reply is used as sent. Given a contract entry (the tests do), the
 * reply is parsed with its schema as before. `api` does the rest (ApiRequestError, FormData
 * uploads, AbortSignal).
 */
type Endpoint = EndpointDef | ClientRoute;

export interface CallOptions {
  signal?: AbortSignal;
}

type Args<R> =
  object extends CallInput<ContractOf<R>>
    ? [input?: CallInput<ContractOf<R>>, options?: CallOptions]
    : [input: CallInput<ContractOf<R>>, options?: CallOptions];

interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The URL of an endpoint for this input: path parameters encoded, query values set. */
export function urlOf<R extends Endpoint>(endpoint: R, ...[input]: Args<R>): string {
  const { params, query } = (input ?? {}) as LooseInput;
  const path = pathOf(endpoint.path, params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function call<R extends Endpoint>(
  endpoint: R,
  ...args: Args<R>
): Promise<ReplyOf<ContractOf<R>>> {
  const [input, options] = args;
  const { body } = (input ?? {}) as LooseInput;
  const reply = 'reply' in endpoint ? endpoint.reply : undefined;
  const schema = reply === undefined || !isRawReply(reply) ? reply : reply.schema;
  return api(urlOf(endpoint, ...args), {
    method: endpoint.method,
    body,
    schema,
    signal: options?.signal,
    idempotent: endpoint.idempotent,
  }) as Promise<ReplyOf<ContractOf<R>>>;
}
