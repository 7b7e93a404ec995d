/**
 * The operations of an OpenAPI 3.1 document, as the fuzzer needs them, and the check of a reply
 * against the schema the document declares for its status and media type (Ajv, JSON Schema
 * 2020-12, with the formats of ajv-formats).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { deref, type JsonSchema } from './json-schema-arbitrary';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  method: string;
  /** The path template, e.g. `/api/proposal/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The first media type of the request body and its schema. */
  body: { mediaType: string; schema: JsonSchema; required: boolean } | undefined;
  /** Status key (`200`, `4XX`, `default`) to its content: media type to schema. */
  responses: Record<string, Record<string, JsonSchema | undefined>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Doc = {
  openapi?: string;
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
};

function asRecord(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

function resolved(node: unknown, doc: Doc): Record<string, unknown> {
  return asRecord(deref(asRecord(node), doc));
}

/** Every operation of the document, in document order. */
export function listOperations(document: unknown): Operation[] {
  const doc = document as Doc;
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new Error(`Expected an OpenAPI 3.1 document, got openapi=${String(doc.openapi)}`);
  }
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared: unknown[] = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const own: unknown[] = Array.isArray(op.parameters) ? op.parameters : [];
      const params = [...shared, ...own]
        .map((p) => resolved(p, doc))
        .map((p): Parameter => ({
          name: String(p.name),
          in: p.in as Parameter['in'],
          required: p.required === true || p.in === 'path',
          schema: (p.schema as JsonSchema | undefined) ?? { type: 'string' },
        }));
      const requestBody = resolved(op.requestBody, doc);
      const content = asRecord(requestBody.content);
      const [mediaType, media] = Object.entries(content)[0] ?? [];
      const responses: Operation['responses'] = {};
      for (const [status, response] of Object.entries(asRecord(op.responses))) {
        const r = resolved(response, doc);
        responses[status] = Object.fromEntries(
          Object.entries(asRecord(r.content)).map(([type, m]) => [
            type,
            asRecord(m).schema as JsonSchema | undefined,
          ]),
        );
      }
      operations.push({
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: params,
        body: mediaType
          ? {
              mediaType,
              schema: (asRecord(media).schema as JsonSchema | undefined) ?? true,
              required: requestBody.required === true,
            }
          : undefined,
        responses,
      });
    }
  }
  return operations;
}

export interface Reply {
  status: number;
  contentType: string;
  text: string;
}

export type Verdict =
  { ok: true; declared: boolean } | { ok: false; declared: boolean; problem: string };

/** Checks replies against the document; validators are compiled once per schema. */
export class ReplyChecker {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction | Error>();

  constructor(private readonly document: unknown) {
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: false,
      validateSchema: false,
      logger: false,
    });
    addFormats(this.ajv);
    // The document itself, so `#/components/...` references resolve from every schema.
    this.ajv.addSchema({ ...(document as object), $id: 'openapi:doc' }, undefined, false);
  }

  private validator(key: string, schema: JsonSchema): ValidateFunction | Error {
    let v = this.cache.get(key);
    if (!v) {
      try {
        // Local references in an operation's schema point into the document.
        const withBase = typeof schema === 'object' ? { ...schema, $id: undefined } : schema;
        v = this.ajv.compile(rebaseRefs(withBase) as object);
      } catch (err) {
        v = err instanceof Error ? err : new Error(String(err));
      }
      this.cache.set(key, v);
    }
    return v;
  }

  check(op: Operation, reply: Reply): Verdict {
    const { status } = reply;
    if (status >= 500) {
      return { ok: false, declared: false, problem: `server error ${status}: ${clip(reply.text)}` };
    }
    const statusKey = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find(
      (k) => op.responses[k] !== undefined,
    );
    if (!statusKey) return { ok: true, declared: false };
    const content = op.responses[statusKey] ?? {};
    const mediaTypes = Object.keys(content);
    if (mediaTypes.length === 0) return { ok: true, declared: true };
    const actual = reply.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const mediaType =
      mediaTypes.find((t) => t.toLowerCase() === actual) ??
      mediaTypes.find(
        (t) => t === '*/*' || (t.endsWith('/*') && actual.startsWith(t.slice(0, -1))),
      );
    if (!mediaType) {
      return {
        ok: false,
        declared: true,
        problem: `${status} answered ${actual || 'no content type'}, the document declares ${mediaTypes.join(', ')}`,
      };
    }
    const schema = content[mediaType];
    if (schema === undefined) return { ok: true, declared: true };
    let body: unknown = reply.text;
    if (/\bjson\b/.test(actual)) {
      try {
        body = JSON.parse(reply.text);
      } catch {
        return {
          ok: false,
          declared: true,
          problem: `${status} body is not JSON: ${clip(reply.text)}`,
        };
      }
    }
    const validate = this.validator(`${op.operationId} ${statusKey} ${mediaType}`, schema);
    if (validate instanceof Error) {
      return {
        ok: false,
        declared: true,
        problem: `reply schema does not compile: ${validate.message}`,
      };
    }
    if (validate(body)) return { ok: true, declared: true };
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('; ');
    return {
      ok: false,
      declared: true,
      problem: `${status} body does not match its schema (${errors}): ${clip(reply.text)}`,
    };
  }
}

/** `#/components/...` → `openapi:doc#/components/...`, everywhere in a schema. */
function rebaseRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebaseRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (v === undefined) continue;
    out[k] =
      k === '$ref' && typeof v === 'string' && /^#\/(components|paths)\//.test(v)
        ? `openapi:doc${v}`
        : rebaseRefs(v);
  }
  return out;
}

export function clip(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}… (${flat.length} chars)` : flat;
}
