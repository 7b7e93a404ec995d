import { z } from 'zod';
import { allEndpoints } from '../../shared/api';
import { isRawReply, openApiPath, type EndpointDef } from '../../shared/api/endpoint';
import { FILE_FIELDS } from '../../shared/schemas/proposal';
import { apiErrorSchema } from '../../shared/schemas/errors';
import { sessionCookie } from '../auth/sessions';
import type { Config } from '../config/config';
import { printCookie } from '../signing/print-access';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the request or reply sees it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parameters(endpoint: EndpointDef): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input');
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties))
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: property,
      });
  }
  return list;
}

/** The upload form of POST /api/proposal/photo-upload: one file under its field's name. */
const uploadForm: JsonSchema = {
  type: 'object',
  description: 'Exactly one file, under one of the file field names.',
  properties: {
    ...Object.fromEntries(
      FILE_FIELDS.map((field) => [
        field,
        { type: 'string', contentMediaType: 'application/octet-stream' },
      ]),
    ),
    originalName: { type: 'string', maxLength: 4096 },
    role: { type: 'string', enum: ['contractor', 'homeowner'] },
  },
};

function requestBody(endpoint: EndpointDef): JsonSchema | undefined {
  const kind = endpoint.bodyKind ?? 'json';
  if (kind === 'multipart')
    return { required: true, content: { 'multipart/form-data': { schema: uploadForm } } };
  if (!endpoint.body) return undefined;
  const schema = jsonSchema(endpoint.body, 'input');
  const content: JsonSchema = { 'application/json': { schema } };
  if (kind === 'json-or-multipart') {
    const properties = {
      ...(schema.properties as JsonSchema),
      logo: { type: 'string', contentMediaType: 'application/octet-stream' },
    };
    content['multipart/form-data'] = { schema: { ...schema, properties } };
  }
  return { required: true, content };
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

/**
 * A raw reply without a schema: text or bytes are a string; a JSON one (this document) is an
 * object, not the string `{ type: 'string' }` said (found by the fuzz tier, decision 0017).
 */
const rawSchema = (contentType: string): JsonSchema =>
  /\bjson\b/.test(contentType) ? { type: 'object' } : { type: 'string' };

function responses(endpoint: EndpointDef): JsonSchema {
  const status = String(endpoint.status ?? 200);
  const reply = endpoint.reply;
  const success = isRawReply(reply)
    ? {
        description: reply.description,
        content: {
          [reply.contentType]: {
            schema: reply.schema
              ? jsonSchema(reply.schema, 'output')
              : rawSchema(reply.contentType),
          },
        },
      }
    : {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(reply, 'output') } },
      };
  const out: JsonSchema = { [status]: success };
  // Large JSON replies carry an ETag (http/reply-bytes.ts; the proposal read always, decision
  // 0024): the same If-None-Match is answered 304 without a body.
  if (endpoint.method === 'GET')
    out['304'] = {
      description: 'Not modified: the If-None-Match named this reply’s ETag (large replies only).',
    };
  if (endpoint.redirectsTo)
    out['301'] = {
      description: `Redirects to ${endpoint.redirectsTo}.`,
      headers: { location: { schema: { type: 'string', const: endpoint.redirectsTo } } },
    };
  for (const [code, description] of Object.entries(endpoint.errors))
    out[code] = { description, content: errorContent };
  out.default = {
    description: 'Any other refusal or failure: 413, 415, 429 (rate limit), 5xx.',
    content: errorContent,
  };
  return out;
}

/**
 * Who may call it, as OpenAPI says it: anonymous routes with or without a session; a member's
 * read also with no session (a public proposal, a logo or catalogue picture) or with the print
 * cookie alone (decision 0006); everything else with a session.
 */
function securityOf(endpoint: EndpointDef): JsonSchema[] {
  if (endpoint.access === 'anonymous') return [{}, { session: [] }];
  if (endpoint.access === 'member' && endpoint.method === 'GET')
    return [{}, { session: [] }, { print: [] }];
  return [{ session: [] }];
}

/**
 * The OpenAPI 3.1 document of every endpoint in the contract (decision 0016), naming the cookies
 * as this deployment does: `__Host-` prefixed under an https APP_URL (decision 0089).
 */
export function openApiDocument(config: Pick<Config, 'appUrl' | 'secureCookies'>): JsonSchema {
  const { appUrl } = config;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const { tag, endpoint } of allEndpoints()) {
    tags.add(tag);
    const operation: JsonSchema = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [tag],
      'x-access': endpoint.access,
      security: securityOf(endpoint),
      responses: responses(endpoint),
    };
    const params = parameters(endpoint);
    if (params.length > 0) operation.parameters = params;
    const body = requestBody(endpoint);
    if (body) operation.requestBody = body;
    if (endpoint.idempotent)
      operation.parameters = [
        ...params,
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'The same key for a retry of the same save (decision 0015).',
          schema: { type: 'string', maxLength: 200 },
        },
      ];
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Plansmith API',
      version: '3.0.0',
      description:
        'Construction proposals and selections. Generated from the endpoint contract in src/shared/api. ' +
        'State-changing requests from another site are refused (403). Every error reply is an ApiError.',
    },
    servers: [{ url: appUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookie(config).name,
          description: 'The session cookie set by POST /api/authorization/verify.',
        },
        print: {
          type: 'apiKey',
          in: 'cookie',
          name: printCookie(config).name,
          description:
            'The ten-minute print cookie of POST /api/proposal/{id}/print-access: reads that proposal and its files.',
        },
      },
    },
  };
}
