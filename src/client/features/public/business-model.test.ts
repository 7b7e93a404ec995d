import { describe, expect, it } from 'vitest';
import {
  CONTRACTOR_PRICING,
  GUARANTEE,
  HOMEOWNER_PRICING,
  PHASES,
  spellCount,
} from './business-model';

describe('business model copy (§1)', () => {
  it('states the homeowner deposit, the proposal count and the credit', () => {
    expect(HOMEOWNER_PRICING).toBe(
      'Homeowners pay a $99 refundable deposit to plan their project and receive up to three contractor proposals. The deposit is credited toward the remodel.',
    );
  });

  it('states the contractor commission and the guarantee', () => {
    expect(CONTRACTOR_PRICING).toContain('small commission on a job');
    expect(GUARANTEE).toContain('100% happiness guarantee');
    expect(GUARANTEE).toContain('refund your $99 deposit');
  });

  it('names the seven phases in order', () => {
    expect(PHASES.map((p) => p.name)).toEqual([
      'Plan',
      'Design and documents',
      'Hire',
      'Kick-off',
      'Manage project',
      'Punchlist',
      'Wrap-up',
    ]);
  });

  it('spells small counts and keeps larger ones as digits', () => {
    expect(spellCount(3)).toBe('three');
    expect(spellCount(12)).toBe('12');
  });
});
