/*
 * docs/product/proposals-editor.md cost input: the keystroke filter, the evaluator and the text '=' writes back.
 *
 * The evaluator is a small recursive-descent parser over exact rationals (BigInt numerator and
 * denominator), so '0.1+0.2' is exactly 0.3 and '10/3*3' exactly 10. Only the final result is
 * rounded: to whole cents, half away from zero. Nothing here uses eval or Function. Input is
 * capped at COST_INPUT_MAX_LENGTH characters, which also bounds the recursion depth.
 */

export type CostResult = { ok: true; cents: number } | { ok: false; message: string };

/** The longest text the field keeps (the payload schema allows 200 characters of rawCost). */
export const COST_INPUT_MAX_LENGTH = 200;
/** Results beyond ±1e12 dollars are refused. */
export const MAX_COST_CENTS = 100_000_000_000_000;

export const COST_HINT = 'Enter an amount such as 1200 or 1200+350*2.';
export const COST_ERRORS = {
  invalid: COST_HINT,
  divisionByZero: `Can't divide by zero. ${COST_HINT}`,
  trailingOperator: `The amount ends with an operator; add a number after it. ${COST_HINT}`,
  parentheses: `Check the parentheses: every ( needs a matching ). ${COST_HINT}`,
  tooLarge: 'That amount is too large: keep it within ±1,000,000,000,000.',
  tooLong: `That amount is too long: use at most ${COST_INPUT_MAX_LENGTH} characters.`,
} as const;

const ALLOWED_CHARACTERS = /^[0-9\s()+\-./*=]*$/;
/** A number while it is being typed: '12', '12.', '12.3', '12.34', '.5' or a lone '.'. */
const NUMERIC_PIECE = /^(\d+(\.\d{0,2})?|\.\d{0,2})$/;
const PLAIN_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** Whether the text may stand in the cost field (docs/product/proposals-editor.md); commas must already be dots. */
export function isAcceptableCostInput(text: string): boolean {
  if (text.length > COST_INPUT_MAX_LENGTH) return false;
  if (!ALLOWED_CHARACTERS.test(text)) return false;
  if (text.split('=').length > 2) return false;
  // Minus signs are operators or signs; what is left between operators must be a number.
  const pieces = text.match(/[\d.]+/g) ?? [];
  return pieces.every((piece) => NUMERIC_PIECE.test(piece));
}

/** The keystroke filter: `next` with commas turned into dots when acceptable, else `previous`. */
export function filterCostInput(previous: string, next: string): string {
  const candidate = next.replace(/,/g, '.');
  return isAcceptableCostInput(candidate) ? candidate : previous;
}

/**
 * Why the keystroke filter did not take `typed` (the spec's filter ignores it; the field says
 * why), or undefined when it would take it.
 */
export function refusedCostReason(typed: string): string | undefined {
  const candidate = typed.replace(/,/g, '.');
  if (isAcceptableCostInput(candidate)) return undefined;
  if (candidate.length > COST_INPUT_MAX_LENGTH)
    return `Not taken: a cost is at most ${COST_INPUT_MAX_LENGTH} characters.`;
  if (!ALLOWED_CHARACTERS.test(candidate))
    return 'Not taken: a cost holds digits, spaces, ( ) + - * / . and = only.';
  if (candidate.split('=').length > 2) return 'Not taken: one = at most.';
  return 'Not taken: at most 2 decimals. Write 12,500 as 12500.';
}

const PASTED_AMOUNT = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)\s*$/;

/**
 * Pasted text that is plainly one amount, written as spreadsheets and invoices write it
 * ("1,250.00", "$12,500", "$950"): the dollar sign and the thousands separators are dropped.
 * Anything else is pasted as typed (the spec turns a comma into a dot).
 */
export function pastedCost(text: string): string {
  const match = PASTED_AMOUNT.exec(text);
  return match ? match[1]!.replace(/,/g, '') : text;
}

/** The part of the text the evaluator reads: everything before the first '='. */
function expressionPart(raw: string): string {
  const at = raw.indexOf('=');
  return at === -1 ? raw : raw.slice(0, at);
}

// ---- exact rationals --------------------------------------------------------------------------

interface Rational {
  n: bigint;
  d: bigint; // always > 0
}

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function rational(n: bigint, d: bigint): Rational {
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d) || 1n;
  return { n: (sign * n) / g, d: (sign * d) / g };
}

const add = (a: Rational, b: Rational) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Rational, b: Rational) => rational(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);

/** Whole cents, half away from zero. */
function toCents(value: Rational): bigint {
  const magnitude = (2n * abs(value.n) * 100n + value.d) / (2n * value.d);
  return value.n < 0n ? -magnitude : magnitude;
}

// ---- parser -----------------------------------------------------------------------------------

type Token = { kind: 'number'; value: Rational } | { kind: 'op'; value: string };

class CostError extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
    } else if ('+-*/()'.includes(ch)) {
      tokens.push({ kind: 'op', value: ch });
      i += 1;
    } else {
      const match = /^(\d+(\.\d*)?|\.\d+)/.exec(text.slice(i));
      if (!match) throw new CostError(COST_ERRORS.invalid);
      const [whole = '', fraction = ''] = match[0].split('.');
      const digits = `${whole}${fraction}` || '0';
      tokens.push({
        kind: 'number',
        value: rational(BigInt(digits), 10n ** BigInt(fraction.length)),
      });
      i += match[0].length;
    }
  }
  return tokens;
}

/**
 * expression := term (('+' | '-') term)*
 * term       := unary (('*' | '/') unary)*
 * unary      := '-' unary | primary
 * primary    := number | '(' expression ')'
 */
class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Rational {
    const value = this.expression();
    const rest = this.peek();
    if (rest) {
      throw new CostError(
        rest.kind === 'op' && rest.value === ')' ? COST_ERRORS.parentheses : COST_ERRORS.invalid,
      );
    }
    return value;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private isOp(...ops: string[]): string | null {
    const token = this.peek();
    return token?.kind === 'op' && ops.includes(token.value) ? token.value : null;
  }

  private expression(): Rational {
    let value = this.term();
    for (let op = this.isOp('+', '-'); op; op = this.isOp('+', '-')) {
      this.position += 1;
      const right = this.term();
      value = op === '+' ? add(value, right) : sub(value, right);
    }
    return value;
  }

  private term(): Rational {
    let value = this.unary();
    for (let op = this.isOp('*', '/'); op; op = this.isOp('*', '/')) {
      this.position += 1;
      const right = this.unary();
      if (op === '*') {
        value = mul(value, right);
      } else {
        if (right.n === 0n) throw new CostError(COST_ERRORS.divisionByZero);
        value = rational(value.n * right.d, value.d * right.n);
      }
    }
    return value;
  }

  private unary(): Rational {
    if (this.isOp('-')) {
      this.position += 1;
      const value = this.unary();
      return { n: -value.n, d: value.d };
    }
    return this.primary();
  }

  private primary(): Rational {
    const token = this.peek();
    if (!token) {
      throw new CostError(this.position > 0 ? COST_ERRORS.trailingOperator : COST_ERRORS.invalid);
    }
    this.position += 1;
    if (token.kind === 'number') return token.value;
    if (token.value !== '(') throw new CostError(COST_ERRORS.invalid);
    const value = this.expression();
    if (!this.isOp(')')) {
      throw new CostError(this.peek() ? COST_ERRORS.invalid : COST_ERRORS.parentheses);
    }
    this.position += 1;
    return value;
  }
}

/** Evaluates the part before any '=' to whole cents; blank text is 0. */
export function evaluateCost(raw: string): CostResult {
  if (raw.length > COST_INPUT_MAX_LENGTH) return { ok: false, message: COST_ERRORS.tooLong };
  const text = expressionPart(raw);
  if (text.trim() === '') return { ok: true, cents: 0 };
  try {
    const cents = toCents(new Parser(tokenize(text)).parse());
    if (abs(cents) > BigInt(MAX_COST_CENTS)) return { ok: false, message: COST_ERRORS.tooLarge };
    return { ok: true, cents: Number(cents) };
  } catch (error) {
    if (error instanceof CostError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The plain text of an amount: '1900', '1900.50', '-12.05' (whole cents expected). */
export function formatPlainAmount(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole !== 0 ? '-' : '';
  const dollars = Math.floor(whole / 100);
  const rest = whole % 100;
  return rest === 0 ? `${sign}${dollars}` : `${sign}${dollars}.${String(rest).padStart(2, '0')}`;
}

/** What the field becomes when '=' is typed: the result, or the text unchanged when invalid. */
export function applyEquals(raw: string): string {
  if (expressionPart(raw).trim() === '') return '';
  const result = evaluateCost(raw);
  return result.ok ? formatPlainAmount(result.cents) : raw;
}

/** The calculator icon shows when the text is an expression, not a plainly written number. */
export function showsCalculator(raw: string): boolean {
  const text = expressionPart(raw).trim();
  if (text === '' || PLAIN_NUMBER.test(text)) return false;
  return evaluateCost(raw).ok;
}
