import { describe, expect, it } from 'vitest';
import { formatTable, meets, type Row } from './table';

describe('the bench table', () => {
  it('judges a ratio against its target in both directions', () => {
    expect(meets(0.9, { compare: '>=', ratio: 0.85 })).toBe(true);
    expect(meets(0.8, { compare: '>=', ratio: 0.85 })).toBe(false);
    expect(meets(1.5, { compare: '<=', ratio: 1.5 })).toBe(true);
    expect(meets(2.1, { compare: '<=', ratio: 2 })).toBe(false);
  });

  it('keeps a benchmark without a figure in the table and counts it as not met', () => {
    const rows: Row[] = [
      {
        name: 'small-json',
        title: 'GET /me',
        database: 'SQLite',
        reference: 'node:http',
        target: '>= 0.85',
        measurement: { figure: 9000, reference: 10000, unit: 'req/s' },
        ratio: 0.9,
        met: true,
        seconds: 75.4,
      },
      {
        name: 'typing',
        title: 'typing',
        database: '-',
        reference: 'lone input',
        target: '<= 2',
        met: false,
      },
    ];
    const table = formatTable(rows);
    expect(table).toMatch(
      /small-json\s+SQLite\s+9000 req\/s\s+10000 req\/s\s+0\.90\s+>= 0\.85\s+met\s+1 min 15 s/,
    );
    expect(table).toMatch(/typing\s+-\s+-\s+-\s+-\s+<= 2\s+not measured\s+-/);
    expect(table.split('\n').at(-1)).toBe('bench: 1/2 targets met');
    expect(table).not.toContain('whole run');
  });

  it("prints the whole run's time against the issue's ten minutes above the count", () => {
    const row: Row = {
      name: 'typing',
      title: 'typing',
      database: '-',
      reference: 'lone input',
      target: '<= 2',
      met: false,
    };
    const within = formatTable([row], 545.2).split('\n');
    expect(within.at(-2)).toBe('whole run: 9 min 05 s (bound 10 min 00 s)');
    expect(within.at(-1)).toBe('bench: 0/1 targets met');
    expect(formatTable([row], 612).split('\n').at(-2)).toBe(
      'whole run: 10 min 12 s (bound 10 min 00 s, EXCEEDED)',
    );
  });
});
