import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { proposalSchema, type CostGroup, type Proposal } from '../../shared/schemas/proposal';
import { crc32, deflateRawSync, constants, gunzipSync } from 'node:zlib';
import { groupPart, planJson, proposalJson, proposalReply } from './reply-json';

/*
 * The proposal reply is written by serializers compiled from its schema (decision 0036); the
 * bytes must be those of the zod encode and JSON.stringify every other route uses.
 */

const tricky = [
  'Quote " and backslash \\ and slash /',
  'Tab\tnew line\nreturn\r and \u0000\u001f controls',
  'Unicode: Küche, 厨房, ½ × 3, emoji 🛁🚿, separators \u2028 \u2029',
  'A lone surrogate \ud800 and its pair \udc00 reversed',
  '"costGroups":[],"homeownerSignature": inside a text',
  'x'.repeat(6000) + '"',
];

const file = (n: number) => ({
  id: `f${n}`,
  url: `/api/files/f${n}`,
  originalName: tricky[n % tricky.length]!,
  contentType: 'image/png',
  size: 1234 + n,
});

function groups(count: number): CostGroup[] {
  return Array.from({ length: count }, (_, g) => ({
    id: `g${g}`,
    _id: `g${g}`,
    name: tricky[g % tricky.length]!,
    note: g % 2 ? '' : tricky[(g + 1) % tricky.length]!,
    values: Array.from({ length: 7 }, (_, i) => ({
      id: `g${g}i${i}`,
      _id: `g${g}i${i}`,
      name: `${tricky[i % tricky.length]!} ${i}`,
      costCents: i * 12_345 - 500,
      rawCost: i % 2 ? '1200*1.2' : '',
      costType: i === 6 ? null : ((i + 1) as 1 | 2 | 3 | 4 | 5 | 6),
      selection: i % 3 === 0,
      note: tricky[(i + g) % tricky.length]!,
      optionCount: i,
    })),
    images: g % 2 ? [file(g), file(g + 1)] : [],
  }));
}

function proposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    _id: 'p1',
    proposalId: 'p1',
    version: 7,
    ownerName: "Renée “Ray” O'Brien",
    companyName: tricky[0]!,
    projectName: tricky[2]!,
    projectAddress: tricky[1]!,
    introductoryNote: tricky[3]!,
    name: '',
    phoneNumber: '+1 (555) 010-0199',
    projectScope: tricky[4]!,
    teamDescription: tricky[5]!,
    contract: 'Terms. '.repeat(400),
    date: 1_764_000_000_123,
    showLogo: true,
    currency: 'EUR',
    isPublic: false,
    signed: false,
    edited: true,
    personalPhoto: file(1),
    companyLogo: null,
    currentCondition: [file(2), file(3)],
    sectionVisibility: {
      cover: true,
      welcome: false,
      bigpicture: true,
      plan: true,
      shoppinglist: false,
      contract: true,
    },
    events: {
      created: 1_764_000_000_000,
      sent: 1_764_000_100_000,
      edited: null,
      signedByContractor: null,
      signedByHomeowner: 1_764_000_200_000,
    },
    costGroups: groups(12),
    homeownerSignature: '/api/files/sig-h',
    contractorsSignature: null,
    access: { role: 'homeowner', canEdit: false },
    ...overrides,
  };
}

const viaZod = (p: Proposal) => JSON.stringify(z.encode(proposalSchema, p));
const viaParts = (p: Proposal) => proposalJson(p, planJson(p.costGroups)).toString();

describe('the proposal reply JSON', () => {
  it('is byte for byte what the zod encode writes, for a homeowner', () => {
    const p = proposal();
    expect(viaParts(p)).toBe(viaZod(p));
  });

  it('is byte for byte the same for the owner, with the activity and its optional fields', () => {
    const p = proposal({
      access: { role: 'owner', canEdit: true },
      companyLogo: file(4),
      personalPhoto: null,
      homeownerSignature: null,
      contractorsSignature: '/api/files/sig-c',
      activity: [
        { kind: 'created', at: 1, by: tricky[2]! },
        { kind: 'sent', at: 2, by: 'a@example.com', to: 'home "owner"@example.com' },
        { kind: 'signed', at: 3, by: '', role: 'homeowner' },
      ],
    });
    expect(viaParts(p)).toBe(viaZod(p));
  });

  it('is the same with no groups, and leaves out what the schema does not name', () => {
    const p = proposal({ costGroups: [] });
    expect(viaParts(p)).toBe(viaZod(p));
    const extra = { ...proposal(), secret: 'never on the wire' } as Proposal;
    expect(viaParts(extra)).not.toContain('never on the wire');
    expect(viaParts(extra)).toBe(viaZod(proposal()));
  });

  it('writes the reply from its groups’ parts, written one by one, as it writes it at once', () => {
    for (const count of [0, 1, 2, 12]) {
      const p = proposal({ costGroups: groups(count) });
      expect(proposalReply(p, p.costGroups.map(groupPart)).body.json.toString()).toBe(viaZod(p));
    }
  });

  it('gzips the reply from its parts compressed each on its own: one member, the same JSON', () => {
    for (const count of [0, 1, 2, 12]) {
      const p = proposal({ costGroups: groups(count) });
      const parts = p.costGroups.map(groupPart);
      const reply = proposalReply(p, parts);
      const gzipped = reply.gzip();
      expect(gunzipSync(gzipped).toString()).toBe(reply.body.json.toString());
      expect(gzipped.length).toBeLessThan(reply.body.length);
      // The parts' deflate data is kept with them: another header, the parts as they were.
      const kept = parts.map((part) => part.deflated);
      const other = proposalReply({ ...p, isPublic: true, version: 8 }, parts);
      expect(gunzipSync(other.gzip()).toString()).toBe(
        viaZod({ ...p, isPublic: true, version: 8 }),
      );
      parts.forEach((part, i) => expect(part.deflated).toBe(kept[i]));
    }
  });

  it('sends gzip bytes that are those of each piece deflated afresh, kept parts and texts or not', () => {
    // What a fresh instance sends for these bytes (decisions 0050, 0055): the gzip header, each
    // piece's deflate data made now (up to 512 bytes a stored block: its header byte, LEN and
    // NLEN, the bytes), a final block, zlib's CRC-32 of the whole JSON and its length.
    const fresh = (json: Buffer, pieces: string[]) => {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc32(json), 0);
      trailer.writeUInt32LE(json.length, 4);
      const deflate = (text: string) => {
        const bytes = Buffer.from(text);
        if (bytes.length > 512)
          return deflateRawSync(bytes, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });
        const lengths = Buffer.alloc(4);
        lengths.writeUInt16LE(bytes.length, 0);
        lengths.writeUInt16LE(0xffff - bytes.length, 2);
        return Buffer.concat([Buffer.from([0]), lengths, bytes]);
      };
      return Buffer.concat([
        Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]),
        ...pieces.map(deflate),
        Buffer.from([3, 0]),
        trailer,
      ]);
    };
    const piecesOf = (p: Proposal) => {
      const json = viaZod(p);
      const groups = p.costGroups.map((g) =>
        JSON.stringify(z.encode(proposalSchema.shape.costGroups.element, g)),
      );
      const head = json.slice(0, json.indexOf('"costGroups":[') + '"costGroups":['.length);
      const tail = json.slice(head.length + groups.join(',').length);
      // The header's texts of 256 characters or more as written, each a piece of its own.
      const heads: string[] = [];
      let from = 0;
      for (const field of ['introductoryNote', 'projectScope', 'teamDescription', 'contract']) {
        const value = JSON.stringify(p[field as keyof Proposal]);
        if (value.length < 256) continue;
        const start = head.indexOf(`,"${field}":${value}`) + field.length + 4;
        heads.push(head.slice(from, start), value);
        from = start + value.length;
      }
      heads.push(head.slice(from));
      return [...heads, ...groups.flatMap((g, i) => (i > 0 ? [',', g] : [g])), tail];
    };
    const p = proposal();
    const parts = p.costGroups.map(groupPart);
    const owner = proposal({
      access: { role: 'owner', canEdit: true },
      activity: [{ kind: 'created', at: 1, by: tricky[2]! }],
    });
    // Texts long and short, one ending in a backslash, one in a quote (the fixture's).
    const texts = {
      ...p,
      introductoryNote: 'C:\\'.repeat(100),
      teamDescription: 'Short team.',
      contract: 'Short terms.',
    };
    // Head, texts and the fields between; the groups and commas; the tail.
    expect(piecesOf(p)).toHaveLength(5 + 23 + 1);
    expect(piecesOf(texts)).toHaveLength(3 + 23 + 1);
    // Twice each: the second time with the parts' kept data and the texts'.
    for (const header of [p, { ...p, isPublic: true }, p, owner, owner, texts, texts]) {
      const reply = proposalReply(header, parts);
      const json = Buffer.from(viaZod({ ...header, costGroups: p.costGroups }));
      expect(reply.gzip()).toEqual(fresh(json, piecesOf({ ...header, costGroups: p.costGroups })));
    }
  });

  it('puts the JSON together only when asked for it: the gzip bytes do without it', () => {
    const p = proposal();
    const parts = p.costGroups.map(groupPart);
    const reply = proposalReply(p, parts);
    const json = Buffer.from(viaZod(p));
    expect(reply.body.length).toBe(json.length);
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const gzipped = reply.gzip();
      const joined = concat.mock.calls.some(([list]) => list.includes(parts[0]!.json));
      expect(joined).toBe(false);
      expect(gunzipSync(gzipped).equals(json)).toBe(true);
    } finally {
      concat.mockRestore();
    }
    expect(reply.body.json.equals(json)).toBe(true);
    expect(reply.body.json).toBe(reply.body.json);
  });

  it('gives one reply one ETag, however its parts were kept, and another to any change', () => {
    const p = proposal();
    const etag = proposalReply(p, p.costGroups.map(groupPart)).etag;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const parts = p.costGroups.map(groupPart);
    proposalReply(p, parts);
    expect(proposalReply(structuredClone(p), parts).etag).toBe(etag);
    const renamed = structuredClone(p);
    renamed.costGroups[3]!.values[2]!.note += '.';
    expect(proposalReply(renamed, renamed.costGroups.map(groupPart)).etag).not.toBe(etag);
    expect(proposalReply({ ...p, version: 8 }, parts).etag).not.toBe(etag);
    const fewer = proposal({ costGroups: p.costGroups.slice(1) });
    expect(proposalReply(fewer, parts.slice(1)).etag).not.toBe(etag);
  });

  it('puts a plan part written earlier in place of the groups', () => {
    const p = proposal();
    const kept = planJson(p.costGroups);
    const header = proposal({ isPublic: true, costGroups: [] });
    expect(proposalJson(header, kept).toString()).toBe(
      viaZod({ ...header, costGroups: p.costGroups }),
    );
  });
});
