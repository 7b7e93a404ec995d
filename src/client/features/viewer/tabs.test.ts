import { describe, expect, it } from 'vitest';
import { currentTab, viewerTabs, type TabFacts } from './tabs';

const facts = (overrides: Partial<TabFacts> = {}): TabFacts => ({
  proposalId: 'abc',
  view: 'contractor',
  role: 'owner',
  hasSelections: true,
  homeownerSigned: false,
  ...overrides,
});
const tabs = (overrides: Partial<TabFacts> = {}) =>
  viewerTabs(facts(overrides)).map((t) => `${t.label} ${t.href}`);

describe('viewerTabs', () => {
  it('gives the owner Plan, Shop and Edit', () => {
    expect(tabs()).toEqual([
      'Plan /proposal/abc/',
      'Shop /proposal/abc/selections/',
      'Edit /proposal/edit/abc/',
    ]);
  });

  it('leaves Shop out without selection items', () => {
    expect(tabs({ hasSelections: false })).toEqual([
      'Plan /proposal/abc/',
      'Edit /proposal/edit/abc/',
    ]);
  });

  it('hides Edit once the homeowner has signed', () => {
    expect(tabs({ homeownerSigned: true })).toEqual([
      'Plan /proposal/abc/',
      'Shop /proposal/abc/selections/',
    ]);
  });

  it('hides Edit from homeowners and other members, and uses the received paths', () => {
    expect(tabs({ role: 'homeowner', view: 'received' })).toEqual([
      'Plan /proposal/received/abc/',
      'Shop /proposal/received/abc/selections/',
    ]);
    expect(tabs({ role: 'invitee' })).toEqual([
      'Plan /proposal/abc/',
      'Shop /proposal/abc/selections/',
    ]);
    expect(tabs({ role: 'public', hasSelections: false })).toEqual(['Plan /proposal/abc/']);
  });
});

describe('currentTab', () => {
  it('is the shop on selection paths and the plan elsewhere', () => {
    expect(currentTab('/proposal/abc/selections/')).toBe('shop');
    expect(currentTab('/proposal/received/abc/selections')).toBe('shop');
    expect(currentTab('/proposal/abc/')).toBe('plan');
    expect(currentTab('/proposal/sign/abc/')).toBe('plan');
  });
});
