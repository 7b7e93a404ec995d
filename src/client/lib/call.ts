import {
  isRawReply,
  pathOf,
  type CallInput,
  type EndpointDef,
  type ReplyOf,
} from '../../shared/api/endpoint';
import { api } from './api';

/*
 * The one way the client calls the API (decision 0016): `call(proposals.get, { params: { id } })`.
 * The contract entry gives the method, the path, whether the save carries an Idempotency-Key
 * (decision 0015) and the reply's schema, which parses the reply here as before; `api` does the
 * rest (ApiRequestError, FormData uploads, AbortSignal).
 */

export interface CallOptions {
  signal?: AbortSignal;
}

type Args<E> =
  object extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The URL of an endpoint for this input: path parameters encoded, query values set. */
export function urlOf<E extends EndpointDef>(endpoint: E, ...[input]: Args<E>): string {
  const { params, query } = (input ?? {}) as LooseInput;
  const path = pathOf(endpoint.path, params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function call<E extends EndpointDef>(endpoint: E, ...args: Args<E>): Promise<ReplyOf<E>> {
  const [input, options] = args;
  const { body } = (input ?? {}) as LooseInput;
  const schema = isRawReply(endpoint.reply) ? endpoint.reply.schema : endpoint.reply;
  return api(urlOf(endpoint, ...args), {
    method: endpoint.method,
    body,
    schema,
    signal: options?.signal,
    idempotent: endpoint.idempotent,
  }) as Promise<ReplyOf<E>>;
}
