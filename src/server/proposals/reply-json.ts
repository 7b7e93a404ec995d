import { createHash } from 'node:crypto';
import fastJson from 'fast-json-stringify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  checkedOf,
  combineChecked,
  deflateSmallOrPart,
  gzipOfParts,
  type Checked,
} from '../http/gzip-parts';
import { joinedWhenRead, type BuiltReply } from '../http/kept-replies';
import type { FileRow } from './plan-repository';
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

const COMMA = Buffer.from(',');

const EMPTY_GROUPS = ',"costGroups":[]';
const BEFORE = `${EMPTY_GROUPS},"homeownerSignature":`;

/**
 * The reply's JSON around its cost groups: the header is written with no groups, and split
 * where they go. In the serializer's output a string's quotes are always escaped, so this
 * marker can only be the field itself.
 */
function around(header: Proposal): { head: string; tail: string } {
  const json = writeProposal({ ...header, costGroups: [] });
  const at = json.indexOf(BEFORE);
  if (at < 0) throw new Error('proposal reply: the cost groups field was not where expected');
  return { head: `${json.slice(0, at)},"costGroups":`, tail: json.slice(at + EMPTY_GROUPS.length) };
}

/** The reply's JSON with its cost groups given as JSON already written. */
export function proposalJson(header: Proposal, plan: Buffer): Buffer {
  const { head, tail } = around(header);
  return Buffer.concat([Buffer.from(head), plan, Buffer.from(tail)]);
}

/**
 * A piece of a proposal reply, and what a reply made of it needs of it (deflate data, CRC-32),
 * each worked out once, when a reply first needs it, and kept with it for later replies.
 */
interface Piece {
  json: Buffer;
  deflated?: Buffer;
  /** CRC-32 and length of `json`, for the gzip trailer. */
  checked?: Checked;
}

/** A cost group's part of the plan (decision 0043), kept for the replies of later versions. */
export interface PlanPart extends Piece {
  /** SHA-256 of `json`, for the reply's ETag. */
  digest?: Buffer;
}

export const groupPart = (group: CostGroup): PlanPart => ({ json: groupJson(group) });

/**
 * The reply's JSON, and its gzip bytes made from the parts' kept deflate data. The ETag is made
 * from the bytes as other large replies' are, by SHA-256, but over the parts' kept digests: a
 * first read hashes what is new in it, not the whole reply.
 */
export type ProposalReply = Required<BuiltReply>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** Each side's length first: the digest of head, parts and tail can only be of that split. */
function lengthOf(length: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(length);
  return out;
}

const COMMA_PIECE: Piece = { json: COMMA };

/**
 * Pieces of replies kept by their text: tails (the signatures, the reader's access, the owner's
 * activity: decision 0050) and the header's long texts (decision 0055). They rarely change when
 * the rest of a reply does, and the same text always deflates to the same bytes. Outside the
 * budgets of routes.ts: 4 MB at most.
 */
const texts = new LRUCache<string, Piece>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (piece, text) => text.length * 2 + piece.json.length * 2,
});

function textPiece(text: string): Piece {
  let piece = texts.get(text);
  if (piece === undefined) {
    piece = { json: Buffer.from(text) };
    // Keyed by a copy: `text` is often a slice, which would keep its whole reply's JSON alive.
    texts.set(piece.json.toString(), piece);
  }
  return piece;
}

/**
 * The header's texts that may be long (the contract, the notes to the homeowner), in the
 * schema's order. A header change or a note moves the fields around them, not them: each such
 * value is a piece of its own, kept by its text, so a first read compresses only the short
 * fields around it (decision 0055).
 */
const LONG_TEXTS = ['introductoryNote', 'projectScope', 'teamDescription', 'contract'] as const;
/** Shorter values stay in the head's pieces: they compress into a stored block's worth. */
const KEEP_TEXT_FROM = 256;

/** The index after the closing quote of the JSON string whose text starts at `from`. */
function endOfString(json: string, from: number): number {
  for (let at = from; ; at++) {
    at = json.indexOf('"', at);
    if (at < 0) throw new Error('proposal reply: a string was not closed');
    let backslashes = 0;
    while (json.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at + 1;
  }
}

/**
 * The reply's head as pieces: the header's long texts each kept by its text, the fields between
 * them new. As with `around`, a key followed by a quote can only be the field itself: a string's
 * own quotes are always escaped.
 */
function headPieces(head: string): Piece[] {
  const pieces: Piece[] = [];
  let from = 0;
  for (const field of LONG_TEXTS) {
    const key = `,"${field}":"`;
    const at = head.indexOf(key, from);
    if (at < 0) throw new Error(`proposal reply: the ${field} field was not where expected`);
    const start = at + key.length - 1;
    const end = endOfString(head, start + 1);
    if (end - start < KEEP_TEXT_FROM) continue;
    pieces.push({ json: Buffer.from(head.slice(from, start)) }, textPiece(head.slice(start, end)));
    from = end;
  }
  pieces.push({ json: Buffer.from(head.slice(from)) });
  return pieces;
}

/** The reply of `header` with the plan of `parts`: the bytes `proposalJson` writes. */
export function proposalReply(header: Proposal, parts: readonly PlanPart[]): ProposalReply {
  const sides = around(header);
  const headText = `${sides.head}[`;
  const tail = textPiece(`]${sides.tail}`);
  // One list for the JSON, its gzip and its CRC-32 alike, so the three cannot disagree.
  const pieces: Piece[] = headPieces(headText);
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(COMMA_PIECE);
    pieces.push(part);
  });
  pieces.push(tail);
  const hash = createHash('sha256')
    .update(lengthOf(Buffer.byteLength(headText)))
    .update(headText)
    .update(lengthOf(tail.json.length));
  for (const part of parts) hash.update((part.digest ??= sha256(part.json)));
  hash.update(tail.json);
  return {
    body: joinedWhenRead(pieces.map((piece) => piece.json)),
    etag: `"${hash.digest('base64url')}"`,
    gzip: () => {
      const deflated = pieces.map((piece) => (piece.deflated ??= deflateSmallOrPart(piece.json)));
      const whole = pieces
        .map((piece) => (piece.checked ??= checkedOf(piece.json)))
        .reduce(combineChecked);
      return gzipOfParts(whole, deflated);
    },
  };
}

const partsSize = (parts: readonly PlanPart[]) =>
  parts.reduce((sum, part) => sum + part.json.length + (part.deflated?.length ?? 0), 0);

/**
 * The plan parts of proposal replies: a plan's groups' parts by proposal and plan version
 * (`reply_version - header_changes`, decision 0036), and each group's part by the plan's
 * structure and the group's part version (decision 0043); least recently used dropped past
 * `maxBytes`. As with the kept replies, the versions are read from the database on every
 * request: nothing here is invalidated.
 */
export class KeptPlans {
  private readonly plans: LRUCache<string, PlanPart | PlanPart[]>;
  /** The proposal's files by plan structure (decision 0045), counted by rows (a few MB at most). */
  private readonly fileLists = new LRUCache<string, FileRow[]>({
    maxSize: 20_000,
    sizeCalculation: (files) => files.length + 1,
  });
  /**
   * Per proposal, the plan structure and the groups' `{id}:{part version}` last built or read,
   * so the next read's plan statement skips the items of the groups still kept (decision 0045).
   */
  private readonly lastGroups = new LRUCache<string, { structure: number; parts: string[] }>({
    max: 4_000,
  });

  constructor(maxBytes: number) {
    this.plans = new LRUCache<string, PlanPart | PlanPart[]>({
      maxSize: maxBytes,
      // A plan counts its parts again: they are shared, so this overstates, never understates.
      sizeCalculation: (kept) => (Array.isArray(kept) ? partsSize(kept) : partsSize([kept])) || 1,
    });
  }

  plan(key: string): PlanPart[] | undefined {
    const kept = this.plans.get(`plan:${key}`);
    return Array.isArray(kept) ? kept : undefined;
  }

  setPlan(key: string, parts: PlanPart[]): void {
    this.plans.set(`plan:${key}`, parts);
  }

  part(key: string): PlanPart | undefined {
    const kept = this.plans.get(`part:${key}`);
    return kept && !Array.isArray(kept) ? kept : undefined;
  }

  setPart(key: string, part: PlanPart): void {
    this.plans.set(`part:${key}`, part);
  }

  files(key: string): FileRow[] | undefined {
    return this.fileLists.get(key);
  }

  setFiles(key: string, files: FileRow[]): void {
    this.fileLists.set(key, files);
  }

  /** The `{group id}:{part version}` of the proposal's groups last seen under this structure. */
  lastParts(proposalId: string, structure: number): readonly string[] {
    const last = this.lastGroups.get(proposalId);
    return last?.structure === structure ? last.parts : [];
  }

  setLastParts(proposalId: string, structure: number, parts: string[]): void {
    this.lastGroups.set(proposalId, { structure, parts });
  }
}
