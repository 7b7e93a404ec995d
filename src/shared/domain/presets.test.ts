import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_SUGGESTIONS,
  MODULE_NAMES,
  PRESET_GROUPS,
  PRESET_GROUP_NAMES,
  findPreset,
  findPresetItem,
  isModule,
  presetCostType,
  presetHelp,
  suggestGroupNames,
  suggestItemNames,
} from './presets';

const SPEC_NAMES = [
  'Planning and Permits',
  'Utilities',
  'Demolition',
  'Concrete',
  'Excavation',
  'Framing',
  'Exterior',
  'Plumbing',
  'Mechanical',
  'Electrical',
  'Insulation',
  'Wall Coverings',
  'Wall Finishes',
  'Interior trim',
  'Bathrooms',
  'Kitchens',
  'Flooring',
  'Landscaping',
  'General',
  'General Conditions',
  'Kitchen Module',
  'Bathroom Module',
  'Powder Room Module',
];

describe('preset data', () => {
  it('has the 23 group names of §3, in order', () => {
    expect(PRESET_GROUP_NAMES).toEqual(SPEC_NAMES);
    expect(MODULE_NAMES).toEqual(['Kitchen Module', 'Bathroom Module', 'Powder Room Module']);
    expect(PRESET_GROUPS.filter((g) => g.module).map((g) => g.name)).toEqual([...MODULE_NAMES]);
  });

  it.each(SPEC_NAMES)('%s has 8–20 distinct items and a help text', (name) => {
    const group = findPreset(name)!;
    expect(group.items.length).toBeGreaterThanOrEqual(8);
    expect(group.items.length).toBeLessThanOrEqual(20);
    const keys = group.items.map((i) => i.name.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of group.items) expect(item.name).toBe(item.name.trim());
    expect(group.help.length).toBeGreaterThan(200);
    expect(group.help).not.toMatch(/\n/);
  });

  it('uses cost types 1–5, mostly Allowance, Labor and Materials', () => {
    const trades = PRESET_GROUPS.filter((g) => g.name !== 'Powder Room Module');
    const types = trades.flatMap((g) => g.items.map((i) => i.costType));
    for (const t of types) expect([1, 2, 3, 4, 5]).toContain(t);
    const main = types.filter((t) => t === 1 || t === 2 || t === 4).length;
    expect(main / types.length).toBeGreaterThan(0.5);
  });

  it('flags selections only in the kitchen and bathroom modules, always as allowances', () => {
    for (const group of PRESET_GROUPS) {
      const selections = group.items.filter((i) => i.selection);
      if (group.name === 'Kitchen Module' || group.name === 'Bathroom Module') {
        expect(selections.length).toBeGreaterThan(0);
        expect(selections.length).toBeLessThan(group.items.length);
        for (const item of group.items) expect(item.selection).toBe(item.costType === 4);
      } else {
        expect(selections).toEqual([]);
      }
    }
  });

  it('leaves the powder room cost types empty', () => {
    for (const item of findPreset('Powder Room Module')!.items) expect(item.costType).toBeNull();
  });

  it('is frozen', () => {
    expect(() =>
      findPreset('Kitchens')!.items.push({ name: 'x', costType: 1, selection: false }),
    ).toThrow();
  });
});

describe('findPreset and isModule', () => {
  it('ignore case and surrounding spaces', () => {
    expect(findPreset('  kitchen MODULE ')?.name).toBe('Kitchen Module');
    expect(findPreset('interior Trim')?.name).toBe('Interior trim');
    expect(findPreset('Kitchen')).toBeUndefined();
    expect(findPreset('')).toBeUndefined();
    expect(isModule('bathroom module')).toBe(true);
    expect(isModule('Powder Room Module ')).toBe(true);
    expect(isModule('Bathrooms')).toBe(false);
    expect(isModule('Garage')).toBe(false);
  });

  it('help texts come by group name', () => {
    expect(presetHelp('plumbing')).toContain('fixtures');
    expect(presetHelp('Garage')).toBeNull();
    // The lookup without the item lists answers each preset's own help, whatever the case.
    for (const group of PRESET_GROUPS) {
      expect(presetHelp(` ${group.name.toUpperCase()} `)).toBe(group.help);
      expect(group.help).not.toBe('');
    }
  });
});

describe('presetCostType', () => {
  it('answers the preset type, null for powder room items and undefined when unknown', () => {
    expect(presetCostType('Kitchens', 'Refrigerator')).toBe(4);
    expect(presetCostType('kitchens', '  refrigerator ')).toBe(4);
    expect(presetCostType('Framing', 'Framing labor')).toBe(1);
    expect(presetCostType('Framing', 'Framing lumber')).toBe(2);
    expect(presetCostType('Planning and Permits', 'Structural engineering')).toBe(5);
    expect(presetCostType('Powder Room Module', 'Toilet')).toBeNull();
    expect(presetCostType('Kitchens', 'Hot tub')).toBeUndefined();
    expect(presetCostType('Garage', 'Refrigerator')).toBeUndefined();
    expect(findPresetItem('Bathroom Module', 'toilet')).toEqual({
      name: 'Toilet',
      costType: 4,
      selection: true,
    });
  });
});

describe('suggestItemNames', () => {
  it('puts prefix matches before substring matches', () => {
    expect(suggestItemNames('Kitchens', 'cab')).toEqual([
      'Cabinets',
      'Cabinet installation',
      'Cabinet hardware',
    ]);
    expect(suggestItemNames('Kitchens', 'range')).toEqual(['Range', 'Range hood']);
    expect(suggestItemNames('Kitchens', 'INSTALL')).toEqual([
      'Cabinet installation',
      'Countertop installation',
      'Backsplash installation',
      'Appliance installation',
    ]);
  });

  it('adds the extra names after the preset, without duplicates', () => {
    expect(suggestItemNames('Kitchens', 'sink', ['Bar sink', 'kitchen SINK', 'Sink base'])).toEqual(
      ['Sink base', 'Kitchen sink', 'Bar sink'],
    );
    expect(
      suggestItemNames('Garage', 'ep', ['Epoxy floor', 'Garage door', ' ', 'Epoxy floor']),
    ).toEqual(['Epoxy floor']);
    expect(suggestItemNames('Garage', '')).toEqual([]);
  });

  it('suggests the first names when nothing is typed, at most 8', () => {
    expect(suggestItemNames('Kitchen Module', '  ')).toEqual(
      findPreset('Kitchen Module')!
        .items.slice(0, MAX_SUGGESTIONS)
        .map((i) => i.name),
    );
  });

  it('only ever suggests names that contain the typed text, at most 8, distinct', () => {
    const groupName = fc.constantFrom(...SPEC_NAMES, 'Garage', 'kitchen module');
    fc.assert(
      fc.property(
        groupName,
        fc.string({ maxLength: 4 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 20 }),
        (group, typed, extra) => {
          const names = suggestItemNames(group, typed, extra);
          expect(names.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
          const keys = names.map((n) => n.toLowerCase());
          expect(new Set(keys).size).toBe(keys.length);
          for (const key of keys) expect(key).toContain(typed.trim().toLowerCase());
          const firstInside = keys.findIndex((k) => !k.startsWith(typed.trim().toLowerCase()));
          if (firstInside >= 0) {
            for (const key of keys.slice(firstInside)) {
              expect(key.startsWith(typed.trim().toLowerCase())).toBe(false);
            }
          }
        },
      ),
    );
  });
});

describe('suggestGroupNames', () => {
  it('matches the preset group names', () => {
    expect(suggestGroupNames('gen')).toEqual(['General', 'General Conditions']);
    expect(suggestGroupNames('module')).toEqual([...MODULE_NAMES]);
    expect(suggestGroupNames('wall')).toEqual(['Wall Coverings', 'Wall Finishes']);
    expect(suggestGroupNames('room')).toEqual([
      'Bathrooms',
      'Bathroom Module',
      'Powder Room Module',
    ]);
    expect(suggestGroupNames('')).toEqual(SPEC_NAMES.slice(0, 8));
    expect(suggestGroupNames('xyz')).toEqual([]);
  });
});
