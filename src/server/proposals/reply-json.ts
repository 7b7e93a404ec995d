import fastJson from 'fast-json-stringify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  costGroupSchema,
  proposalSchema,
  type CostGroup,
  type Proposal,
} from '../../shared/schemas/proposal';

/*
 * The proposal reply's JSON written by serializers compiled once from the reply's own zod schema
 * (decision 0036), instead of the zod encode and JSON.stringify the other routes use: the same
 * bytes (proposal-reply-json.test.ts), at a fraction of the cost. Like the zod encode, nothing
 * outside the schema reaches the wire; unlike it, the values are not checked again, which the
 * typed DTO (dto.ts) does already.
 */

type JsonSchema = Record<string, unknown>;

const isNull = (s: unknown) => (s as JsonSchema).type === 'null';

/**
 * What fast-json-stringify needs to write without a validator at run time: `anyOf` with null
 * becomes `nullable`, a union of number literals (the cost type) a number. Anything else is left
 * as zod wrote it, so a schema this does not know fails the equality test rather than the wire.
 */
function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!schema || typeof schema !== 'object') return schema;
  const { $schema: _, minimum: _min, maximum: _max, ...rest } = schema as JsonSchema;
  const anyOf = rest.anyOf as unknown[] | undefined;
  if (anyOf) {
    const others = anyOf.filter((s) => !isNull(s));
    const nullable = others.length < anyOf.length;
    const flat = others.flatMap((s) => ((s as JsonSchema).anyOf as unknown[] | undefined) ?? [s]);
    if (flat.every((s) => (s as JsonSchema).type === 'number'))
      return nullable ? { type: ['number', 'null'] } : { type: 'number' };
    if (others.length === 1) {
      const only = forSerializer(others[0]) as JsonSchema;
      return nullable ? { ...only, nullable: true } : only;
    }
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, forSerializer(v)]));
}

const compile = (schema: z.ZodType) =>
  fastJson(
    forSerializer(z.toJSONSchema(schema, { io: 'output' })) as Parameters<typeof fastJson>[0],
  );

const writeProposal = compile(proposalSchema) as (proposal: Proposal) => string;
const writePlan = compile(z.array(costGroupSchema)) as (groups: CostGroup[]) => string;
const writeGroup = compile(costGroupSchema) as (group: CostGroup) => string;

/**
 * The JSON of a proposal's cost groups, UTF-8 encoded once: the part of a reply kept across
 * header-only changes, most of its bytes.
 */
export function planJson(groups: CostGroup[]): Buffer {
  return Buffer.from(writePlan(groups));
}

/** One cost group's JSON, UTF-8 encoded: the part of the plan kept per group (decision 0043). */
export function groupJson(group: CostGroup): Buffer {
  return Buffer.from(writeGroup(group));
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The plan's JSON from its groups' parts, in order: the bytes `planJson` writes for them. */
export function planFromParts(parts: readonly Buffer[]): Buffer {
  const out: Buffer[] = [OPEN];
  parts.forEach((part, i) => {
    if (i > 0) out.push(COMMA);
    out.push(part);
  });
  out.push(CLOSE);
  return Buffer.concat(out);
}

const EMPTY_GROUPS = ',"costGroups":[]';
const BEFORE = `${EMPTY_GROUPS},"homeownerSignature":`;

/**
 * The reply's JSON with its cost groups given as JSON already written. The header is written
 * with no groups and the plan goes in their place: in the serializer's output a string's quotes
 * are always escaped, so this marker can only be the field itself.
 */
export function proposalJson(header: Proposal, plan: Buffer): Buffer {
  const json = writeProposal({ ...header, costGroups: [] });
  const at = json.indexOf(BEFORE);
  if (at < 0) throw new Error('proposal reply: the cost groups field was not where expected');
  return Buffer.concat([
    Buffer.from(`${json.slice(0, at)},"costGroups":`),
    plan,
    Buffer.from(json.slice(at + EMPTY_GROUPS.length)),
  ]);
}

/**
 * The plan parts of proposal replies, by proposal and plan version (`reply_version -
 * header_changes`, decision 0036), and the parts of each group, by the plan's structure and the
 * group's part version (decision 0043); least recently used dropped past `maxBytes`. As with the
 * kept replies, the versions are read from the database on every request: nothing here is
 * invalidated.
 */
export class KeptPlans {
  private readonly plans: LRUCache<string, Buffer>;

  constructor(maxBytes: number) {
    this.plans = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      sizeCalculation: (plan) => plan.length || 1,
    });
  }

  get(key: string): Buffer | undefined {
    return this.plans.get(key);
  }

  set(key: string, plan: Buffer): void {
    this.plans.set(key, plan);
  }
}
