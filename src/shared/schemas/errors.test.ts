import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from './errors';
import { manualProductDataSchema } from './products';

const describe_ = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return describeZodError(result.error);
};

describe('describeZodError', () => {
  it("names the field for zod's own messages", () => {
    expect(describe_(z.object({ age: z.number() }), { age: 'x' })).toMatch(/^age: /);
  });

  it('keeps whole sentences as they are', () => {
    expect(describe_(z.object({ a: z.string().min(2, 'Too short.') }), { a: '' })).toBe(
      'Too short.',
    );
  });

  it('shows the §5 product alerts verbatim', () => {
    const base = {
      productName: 'Faucet',
      productURL: 'https://www.example.com/p/1',
      photoURL: 'https://www.example.com/p/1.jpg',
      priceCents: 100,
      currency: 'USD',
    };
    expect(describe_(manualProductDataSchema, { ...base, productName: ' ' })).toBe(
      'Please enter product name',
    );
    expect(describe_(manualProductDataSchema, { ...base, productURL: 'javascript:alert(1)' })).toBe(
      'Please enter valid Product URL. E.g. https://www.example.com/',
    );
    expect(describe_(manualProductDataSchema, { ...base, photoURL: 'nope' })).toBe(
      'Please enter valid Photo URL. E.g. https://www.example.com/',
    );
    expect(describe_(manualProductDataSchema, { ...base, photoURL: '' })).toBe(
      'Please enter image',
    );
  });
});
