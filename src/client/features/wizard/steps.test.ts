import { describe, expect, it } from 'vitest';
import { NUMBERED_STEP_COUNT, STEPS, nextStep, progressLabel, stepElementId } from './steps';

describe('wizard steps', () => {
  it('has the six steps of §2 in order, keyed by sectionVisibility', () => {
    expect(STEPS.map((s) => s.title)).toEqual([
      'Cover',
      'Welcome',
      'Big Picture',
      'Plan',
      'Shopping List',
      'Contract',
    ]);
    expect(STEPS.map((s) => s.key)).toEqual([
      'cover',
      'welcome',
      'bigpicture',
      'plan',
      'shoppinglist',
      'contract',
    ]);
  });

  it('numbers five steps, 1 of 5 to 5 of 5, and not the contract', () => {
    expect(NUMBERED_STEP_COUNT).toBe(5);
    expect(STEPS.map((s) => progressLabel(s.key))).toEqual([
      '1 of 5',
      '2 of 5',
      '3 of 5',
      '4 of 5',
      '5 of 5',
      null,
    ]);
  });

  it('goes to the next step, and nowhere after the contract', () => {
    expect(nextStep('cover')).toBe('welcome');
    expect(nextStep('shoppinglist')).toBe('contract');
    expect(nextStep('contract')).toBeNull();
  });

  it('gives each step an element id', () => {
    expect(stepElementId('bigpicture')).toBe('step-bigpicture');
  });
});
