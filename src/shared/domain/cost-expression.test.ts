import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COST_ERRORS,
  COST_HINT,
  COST_INPUT_MAX_LENGTH,
  applyEquals,
  evaluateCost,
  filterCostInput,
  formatPlainAmount,
  isAcceptableCostInput,
  pastedCost,
  refusedCostReason,
  showsCalculator,
} from './cost-expression';

const cents = (raw: string) => {
  const result = evaluateCost(raw);
  if (!result.ok) throw new Error(`${raw}: ${result.message}`);
  return result.cents;
};

/** An amount with at most two decimals written the way a user types it, and its cents. */
const typedAmount = fc
  .integer({ min: -1_000_000_000, max: 1_000_000_000 })
  .map((c) => ({ text: formatPlainAmount(c), cents: c }));

describe('filterCostInput', () => {
  it.each([
    ['', '1', '1'],
    ['1', '12', '12'],
    ['1200', '1200+350*2', '1200+350*2'],
    ['', '-5', '-5'],
    ['3', '3.', '3.'],
    ['3.', '3.4', '3.4'],
    ['3.4', '3.45', '3.45'],
    ['', '.', '.'],
    ['.', '.5', '.5'],
    ['', '(1 + 2) / 3', '(1 + 2) / 3'],
    ['1+2', '1+2=', '1+2='],
    ['12', '12,', '12.'],
    ['12,5', '12,50', '12.50'],
    ['1', '1-', '1-'],
    ['1-', '1--', '1--'],
    ['', '   ', '   '],
  ])('%j + keystroke → %j accepted as %j', (previous, next, expected) => {
    expect(filterCostInput(previous, next)).toBe(expected);
  });

  it.each([
    ['12.34', '12.345'],
    ['12.3', '12.3.'],
    ['1', '1a'],
    ['1', '1$'],
    ['1', '1e5'],
    ['1+2=', '1+2=='],
    ['1=2', '1=2='],
    ['1', '1%'],
    ['1', '1^2'],
    ['12', '1.2.'],
    ['12', '12,345'],
  ])('%j refuses %j', (previous, next) => {
    expect(filterCostInput(previous, next)).toBe(previous);
  });

  it('refuses text longer than the payload allows', () => {
    const long = '1'.repeat(COST_INPUT_MAX_LENGTH);
    expect(filterCostInput('', long)).toBe(long);
    expect(filterCostInput(long, `${long}1`)).toBe(long);
  });

  it('always answers an acceptable text or the previous one', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ unit: fc.constantFrom(...'0123456789.,+-*/()= x') }),
        (previous, next) => {
          const result = filterCostInput(previous, next);
          expect(result === previous || isAcceptableCostInput(result)).toBe(true);
          expect(result === previous || result === next.replace(/,/g, '.')).toBe(true);
        },
      ),
    );
  });

  it('accepts every plainly written amount and every keystroke prefix of it', () => {
    fc.assert(
      fc.property(typedAmount, ({ text }) => {
        for (let i = 1; i <= text.length; i += 1) {
          expect(filterCostInput(text.slice(0, i - 1), text.slice(0, i))).toBe(text.slice(0, i));
        }
      }),
    );
  });
});

describe('evaluateCost', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['0', 0],
    ['1200', 120000],
    ['1200+350*2', 190000],
    ['(1200+350)*2', 310000],
    ['-5', -500],
    ['--5', 500],
    ['-(2+3)*2', -1000],
    ['10-2-3', 500],
    ['100/4/5', 500],
    ['2*-3', -600],
    ['0.1+0.2', 30],
    ['19.99*3', 5997],
    ['1.15*100', 11500],
    ['10/3', 333],
    ['20/3', 667],
    ['10/3*3', 1000],
    ['0.01/2', 1],
    ['-0.01/2', -1],
    ['0.01/3', 0],
    ['-0.01/3', 0],
    ['3.', 300],
    ['.5', 50],
    [' 1200 ', 120000],
    ['1900.50', 190050],
    ['1200+350*2=1900', 190000],
    ['=', 0],
    ['1000000000000', 100000000000000],
    ['-1000000000000', -100000000000000],
  ])('%j → %i cents', (raw, expected) => {
    expect(evaluateCost(raw)).toEqual({ ok: true, cents: expected });
  });

  it('never answers negative zero', () => {
    expect(Object.is(cents('-0'), 0)).toBe(true);
    expect(Object.is(cents('-0.001'), 0)).toBe(true);
  });

  it.each([
    ['1/0', COST_ERRORS.divisionByZero],
    ['1/(2-2)', COST_ERRORS.divisionByZero],
    ['1+', COST_ERRORS.trailingOperator],
    ['1200*', COST_ERRORS.trailingOperator],
    ['-', COST_ERRORS.trailingOperator],
    ['(1+2', COST_ERRORS.parentheses],
    ['1+2)', COST_ERRORS.parentheses],
    ['((1)', COST_ERRORS.parentheses],
    ['1000000000000.01', COST_ERRORS.tooLarge],
    ['1000000*1000000*2', COST_ERRORS.tooLarge],
    ['.', COST_HINT],
    ['*5', COST_HINT],
    ['()', COST_HINT],
    ['12 3', COST_HINT],
    ['2(3)', COST_HINT],
    ['1,5', COST_HINT],
    ['abc', COST_HINT],
    ['1e3', COST_HINT],
    ['Infinity', COST_HINT],
    ['1'.repeat(COST_INPUT_MAX_LENGTH + 1), COST_ERRORS.tooLong],
  ])('%j is refused', (raw, message) => {
    expect(evaluateCost(raw)).toEqual({ ok: false, message });
  });

  it('messages are readable sentences', () => {
    for (const message of Object.values(COST_ERRORS)) expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it('adds integers exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e10, max: 1e10 }),
        fc.integer({ min: -1e10, max: 1e10 }),
        (a, b) => {
          expect(evaluateCost(`${a}+${b}`)).toEqual({ ok: true, cents: (a + b) * 100 });
          expect(evaluateCost(`${a}-${b}`)).toEqual({ ok: true, cents: (a - b) * 100 });
        },
      ),
    );
  });

  it('adds amounts with two decimals exactly', () => {
    fc.assert(
      fc.property(fc.array(typedAmount, { minLength: 1, maxLength: 12 }), (amounts) => {
        const raw = amounts.map((a) => a.text).join('+');
        const expected = amounts.reduce((sum, a) => sum + a.cents, 0);
        expect(evaluateCost(raw)).toEqual({ ok: true, cents: expected });
      }),
    );
  });

  it('multiplies an amount by a whole quantity exactly', () => {
    fc.assert(
      fc.property(typedAmount, fc.integer({ min: -1000, max: 1000 }), (amount, quantity) => {
        expect(cents(`${amount.text}*${quantity}`)).toBe(amount.cents * quantity + 0);
        expect(cents(`${quantity}*(${amount.text})`)).toBe(amount.cents * quantity + 0);
      }),
    );
  });

  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (c) => {
        expect(cents(formatPlainAmount(c))).toBe(c);
      }),
    );
  });

  it('agrees with floating-point arithmetic on random expression trees (within a cent)', () => {
    type Tree = { text: string; value: number };
    const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc
          .integer({ min: -1_000_000, max: 1_000_000 })
          .map((c) => ({ text: formatPlainAmount(c), value: c / 100 })),
        fc
          .tuple(tie('tree'), fc.constantFrom('+', '-', '*', '/'), tie('tree'))
          .map(([l, op, r]) => ({
            text: `(${l.text})${op}(${r.text})`,
            value:
              op === '+'
                ? l.value + r.value
                : op === '-'
                  ? l.value - r.value
                  : op === '*'
                    ? l.value * r.value
                    : l.value / r.value,
          })),
      ),
    }));
    fc.assert(
      fc.property(tree, ({ text, value }) => {
        fc.pre(Number.isFinite(value) && Math.abs(value) < 1e9 && text.length <= 200);
        const result = evaluateCost(text);
        if (!result.ok) {
          // Only an exact zero divisor may fail; floats can miss it by a hair.
          expect(result.message).toBe(COST_ERRORS.divisionByZero);
          return;
        }
        expect(Math.abs(result.cents - value * 100)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.+-*/()= ') }), (raw) => {
        const result = evaluateCost(raw);
        if (result.ok) expect(Number.isSafeInteger(result.cents)).toBe(true);
        else expect(result.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('formatPlainAmount', () => {
  it.each([
    [190000, '1900'],
    [190050, '1900.50'],
    [190055, '1900.55'],
    [-1205, '-12.05'],
    [-5, '-0.05'],
    [5, '0.05'],
    [0, '0'],
    [-0, '0'],
    [100000000000000, '1000000000000'],
  ])('%i → %j', (c, expected) => {
    expect(formatPlainAmount(c)).toBe(expected);
  });

  it('writes text the filter accepts and the calculator does not flag', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (c) => {
        const text = formatPlainAmount(c);
        expect(isAcceptableCostInput(text)).toBe(true);
        expect(showsCalculator(text)).toBe(false);
      }),
    );
  });
});

describe('applyEquals', () => {
  it.each([
    ['1200+350*2=', '1900'],
    ['1200+350*2', '1900'],
    ['19.99*3=', '59.97'],
    ['10/4=', '2.50'],
    ['1900.5=', '1900.50'],
    ['-2*3=', '-6'],
    ['=', ''],
    ['  =', ''],
    ['1+=', '1+='],
    ['1/0=', '1/0='],
  ])('%j → %j', (raw, expected) => {
    expect(applyEquals(raw)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.+-*/() ') }), (raw) => {
        const once = applyEquals(raw);
        expect(applyEquals(once)).toBe(once);
      }),
    );
  });
});

describe('showsCalculator', () => {
  it.each([
    ['1200+350*2', true],
    ['(1900)', true],
    ['2*3', true],
    ['1200+350*2=', true],
    ['1900', false],
    ['1900.50', false],
    ['1900.5', false],
    [' 1900 ', false],
    ['3.', false],
    ['-5', false],
    ['', false],
    ['   ', false],
    ['1+', false],
    ['1/0', false],
  ])('%j → %s', (raw, expected) => {
    expect(showsCalculator(raw)).toBe(expected);
  });
});

describe('pastedCost', () => {
  it('drops the thousands separators of one plainly written amount', () => {
    expect(pastedCost('1,250.00')).toBe('1250.00');
    expect(pastedCost(' $12,500 ')).toBe('12500');
    expect(pastedCost('$950')).toBe('950');
    expect(pastedCost('$ 1200.5')).toBe('1200.5');
    expect(pastedCost('1,234,567.5')).toBe('1234567.5');
  });
  it('leaves anything else as typed', () => {
    for (const text of ['12,5', '1,25', '1,2500', '350*2', '1,250.001', 'abc'])
      expect(pastedCost(text)).toBe(text);
  });
});

describe('refusedCostReason', () => {
  it('says why the filter did not take the text', () => {
    expect(refusedCostReason('12.5')).toBeUndefined();
    expect(refusedCostReason('12,500')).toBe(
      'Not taken: at most 2 decimals. Write 12,500 as 12500.',
    );
    expect(refusedCostReason('$12')).toBe(
      'Not taken: a cost holds digits, spaces, ( ) + - * / . and = only.',
    );
    expect(refusedCostReason('12k')).toBe(
      'Not taken: a cost holds digits, spaces, ( ) + - * / . and = only.',
    );
    expect(refusedCostReason('1=2=')).toBe('Not taken: one = at most.');
    expect(refusedCostReason('1'.repeat(COST_INPUT_MAX_LENGTH + 1))).toBe(
      `Not taken: a cost is at most ${COST_INPUT_MAX_LENGTH} characters.`,
    );
  });
});
