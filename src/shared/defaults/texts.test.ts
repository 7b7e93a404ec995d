import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTRACT,
  DEFAULT_CONTRACT_CLAUSES,
  DEFAULT_WELCOME_NOTE,
  PLACEHOLDERS,
  SCOPE_PLACEHOLDER,
  TEAM_PLACEHOLDER,
} from './texts';

/** How the viewer reads the agreement: one paragraph per non-empty line. */
const paragraphs = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('DEFAULT_CONTRACT', () => {
  it('has exactly 13 clauses, one per line, numbered in order', () => {
    const clauses = paragraphs(DEFAULT_CONTRACT);
    expect(clauses).toHaveLength(13);
    expect(clauses).toEqual([...DEFAULT_CONTRACT_CLAUSES]);
    clauses.forEach((clause, i) => expect(clause).toMatch(new RegExp(`^${i + 1}\\. [A-Z]`)));
  });

  it('covers the §1 topics in order', () => {
    const topics = [
      /workmanlike/i,
      /drawings/i,
      /licens/i,
      /subcontractors/i,
      /lien releases/i,
      /written change order/i,
      /insurance/i,
      /permits/i,
      /debris/i,
      /stop work/i,
      /arbitration/i,
      /beyond its reasonable control/i,
      /warrant/i,
    ];
    DEFAULT_CONTRACT_CLAUSES.forEach((clause, i) => expect(clause).toMatch(topics[i]!));
  });

  it('gives a 24-month warranty', () => {
    expect(DEFAULT_CONTRACT).toMatch(/24\) months/);
    expect(DEFAULT_CONTRACT_CLAUSES[12]).toContain('twenty-four (24) months');
  });

  it('has no placeholders to fill in', () => {
    expect(DEFAULT_CONTRACT).not.toMatch(/[[\]{}_]|TBD|XX/);
  });
});

describe('DEFAULT_WELCOME_NOTE', () => {
  it('has 2–4 short paragraphs separated by blank lines and no placeholders', () => {
    const parts = DEFAULT_WELCOME_NOTE.split('\n\n');
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.length).toBeLessThanOrEqual(4);
    for (const part of parts) {
      expect(part.trim()).toBe(part);
      expect(part).not.toContain('\n');
      expect(part.length).toBeLessThan(500);
    }
    expect(DEFAULT_WELCOME_NOTE).not.toMatch(/[[\]{}<>]/);
    // The viewer adds the sign-off.
    expect(DEFAULT_WELCOME_NOTE).not.toMatch(/Best,/);
  });
});

describe('placeholders', () => {
  it('match §2', () => {
    expect(PLACEHOLDERS).toEqual({
      companyName: 'Company Name',
      projectName: 'Project Name',
      projectAddress: 'City, State Zipcode',
      name: 'Contractor Name',
      phoneNumber: 'Phone Number',
    });
  });

  it('give examples for scope and team without brackets', () => {
    for (const text of [SCOPE_PLACEHOLDER, TEAM_PLACEHOLDER]) {
      expect(text).toContain('For example:');
      expect(text).not.toMatch(/[[\]{}<>]/);
    }
  });
});
