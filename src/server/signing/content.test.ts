import { describe, expect, it } from 'vitest';
import type { CostGroupsTable } from '../db/schema';
import type { FileRow, ItemWithCount } from '../proposals/plan-repository';
import { CONTENT_FORMAT, buildContent, hashContent } from './content';

const row = {
  id: 'p1',
  company_name: 'Casey Builds',
  project_name: 'Kitchen',
  project_address: '1 Main St',
  introductory_note: 'Hello',
  name: 'Casey',
  phone_number: '555',
  project_scope: 'Scope',
  team_description: 'Team',
  contract: 'Clause 1',
  company_logo_file_id: 'logo',
  show_cover: 1,
  show_welcome: 1,
  show_bigpicture: 1,
  show_plan: 1,
  show_shoppinglist: 1,
  show_contract: 1,
  currency: 'USD' as 'USD' | 'EUR' | 'GBP',
} satisfies Parameters<typeof buildContent>[0];

const groups: CostGroupsTable[] = [
  { id: 'g1', proposal_id: 'p1', position: 0, name: 'Demolition', note: '' },
  { id: 'g2', proposal_id: 'p1', position: 1, name: 'Kitchens', note: 'Note' },
];

const item = (over: Partial<ItemWithCount>): ItemWithCount => ({
  id: 'i',
  group_id: 'g1',
  proposal_id: 'p1',
  position: 0,
  name: 'Item',
  cost_cents: 100,
  raw_cost: '1',
  cost_type: 1,
  selection: 0,
  note: '',
  option_count: 0,
  ...over,
});
const items = [
  item({ id: 'i1', name: 'Remove cabinets', cost_cents: 190000 }),
  item({ id: 'i2', group_id: 'g2', name: 'Sink', cost_type: 4, selection: 1 }),
];

const file = (over: Partial<FileRow>): FileRow => ({
  id: 'f',
  storage_key: 'k',
  uploaded_by: null,
  upload_token_hash: null,
  proposal_id: 'p1',
  group_id: null,
  kind: 'current_condition',
  field: 'currentCondition',
  original_name: 'a.pdf',
  content_type: 'application/pdf',
  size: 1,
  sha256: 'sha-cc',
  position: 0,
  created_at: 0,
  ...over,
});
const files = [
  file({ id: 'logo', kind: 'company_logo', proposal_id: null, sha256: 'sha-logo' }),
  file({ id: 'cc' }),
  file({ id: 'gi', kind: 'group_image', group_id: 'g2', sha256: 'sha-gi' }),
  file({ id: 'sig', kind: 'CONTRACTOR_SIGNATURE', sha256: 'sha-sig' }),
];

const hash = (r: Parameters<typeof buildContent>[0] = row, g = groups, i = items, f = files) =>
  hashContent(buildContent(r, g, i, f)).hash;

describe('the content a signature covers', () => {
  it('holds every section, files by their SHA-256, and nothing volatile', () => {
    const content = buildContent(row, groups, items, files);
    expect(content).toEqual({
      format: CONTENT_FORMAT,
      cover: {
        companyName: 'Casey Builds',
        projectName: 'Kitchen',
        projectAddress: '1 Main St',
        logo: 'sha-logo',
      },
      welcome: { note: 'Hello', name: 'Casey', phone: '555' },
      bigPicture: { scope: 'Scope', team: 'Team', currentCondition: ['sha-cc'] },
      plan: [
        {
          name: 'Demolition',
          note: '',
          images: [],
          items: [
            { name: 'Remove cabinets', costCents: 190000, costType: 1, selection: false, note: '' },
          ],
        },
        {
          name: 'Kitchens',
          note: 'Note',
          images: ['sha-gi'],
          items: [{ name: 'Sink', costCents: 100, costType: 4, selection: true, note: '' }],
        },
      ],
      contract: 'Clause 1',
      sections: {
        cover: true,
        welcome: true,
        bigpicture: true,
        plan: true,
        shoppinglist: true,
        contract: true,
      },
    });
    const { json, hash: h } = hashContent(content);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(json).not.toContain('"i1"');
    expect(json).not.toContain('sha-sig');
  });

  it('does not change with row ids, option counts or raw cost text', () => {
    const renamedIds = items.map((i, n) => ({ ...i, id: `x${n}`, option_count: 7, raw_cost: '?' }));
    expect(hash(row, groups, renamedIds)).toBe(hash());
  });

  it('changes with any cost, name, order, contract, file or visibility change', () => {
    const base = hash();
    const changed = [
      hash(row, groups, [{ ...items[0]!, cost_cents: 190001 }, items[1]!]),
      hash(row, groups, [{ ...items[0]!, note: 'n' }, items[1]!]),
      hash(row, [...groups].reverse()),
      hash({ ...row, contract: 'Clause 1.' }),
      hash({ ...row, show_contract: 0 }),
      hash(
        row,
        groups,
        items,
        files.map((f) => (f.id === 'logo' ? { ...f, sha256: 'other' } : f)),
      ),
      hash(
        row,
        groups,
        items,
        files.filter((f) => f.id !== 'cc'),
      ),
    ];
    for (const h of changed) expect(h).not.toBe(base);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it('names the currency only when it is not USD, so signatures made in dollars still match', () => {
    expect(buildContent(row, groups, items, files)).not.toHaveProperty('currency');
    expect(buildContent({ ...row, currency: 'EUR' }, groups, items, files).currency).toBe('EUR');
    const euros = hash({ ...row, currency: 'EUR' });
    const pounds = hash({ ...row, currency: 'GBP' });
    expect(new Set([hash(), euros, pounds]).size).toBe(3);
  });
});

describe('the content layouts', () => {
  const priced = item({ id: 'i3', name: 'Permit', cost_cents: 0, raw_cost: '0' });
  const toPrice = item({ id: 'i3', name: 'Permit', cost_cents: 0, raw_cost: '' });
  const V1 = 'plansmith/proposal-content/1';

  it('layout 2 tells an item priced at $0.00 from one left to price', () => {
    const planOf = (i: ItemWithCount) => buildContent(row, groups, [i], files).plan[0]!.items[0];
    expect(planOf(toPrice)).toMatchObject({ costCents: 0, unpriced: true });
    expect(planOf(priced)).not.toHaveProperty('unpriced');
    expect(hash(row, groups, [priced])).not.toBe(hash(row, groups, [toPrice]));
  });

  it('layout 1 is kept as it was, to check the signatures recorded in it', () => {
    const v1 = (i: ItemWithCount) => hashContent(buildContent(row, groups, [i], files, V1));
    expect(v1(priced).hash).toBe(v1(toPrice).hash);
    expect(JSON.parse(v1(toPrice).json)).toMatchObject({ format: V1 });
    expect(CONTENT_FORMAT).toBe('plansmith/proposal-content/2');
  });
});
