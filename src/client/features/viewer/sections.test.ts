import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../../shared/schemas/proposal';
import { makeGroup, makeItem, makeProposal } from './proposal-factory';
import { menuAnchors, visibleSections, type SectionOptions } from './sections';

const owner: SectionOptions = { placeholders: true, teamBox: true };
const reader: SectionOptions = { placeholders: false, teamBox: false };
const file = { id: 'f', url: '/f', originalName: 'a.jpg', contentType: 'image/jpeg', size: 1 };

const full = (overrides: Partial<Proposal> = {}) =>
  makeProposal({
    companyName: 'Reyes Remodeling',
    introductoryNote: 'Hello',
    projectScope: 'A new kitchen',
    contract: '1. Work.',
    costGroups: [makeGroup({ values: [makeItem({ selection: true })] })],
    ...overrides,
  });

describe('visibleSections', () => {
  it('shows every section in order when all have content', () => {
    expect(visibleSections(full(), reader)).toEqual([
      'cover',
      'welcome',
      'bigpicture',
      'plan',
      'shoppinglist',
      'budget',
      'contract',
      'signatures',
    ]);
  });

  it('leaves out the sections whose flag is off', () => {
    const p = full({
      sectionVisibility: {
        cover: false,
        welcome: false,
        bigpicture: false,
        plan: false,
        shoppinglist: false,
        contract: false,
      },
    });
    expect(visibleSections(p, reader)).toEqual(['signatures']);
    // Big Picture holds the owner's invitation box and members: hidden, it stays for the owner.
    expect(visibleSections(p, owner)).toEqual(['bigpicture', 'signatures']);
  });

  it('leaves out empty sections for readers, but always keeps Sign Below', () => {
    expect(visibleSections(makeProposal(), reader)).toEqual(['signatures']);
  });

  it('shows the owner cover and welcome with placeholders, and big picture for the invite box', () => {
    expect(visibleSections(makeProposal(), owner)).toEqual([
      'cover',
      'welcome',
      'bigpicture',
      'signatures',
    ]);
  });

  it('shows the cover for a logo only when showLogo is on', () => {
    expect(visibleSections(makeProposal({ companyLogo: file }), reader)).toContain('cover');
    expect(
      visibleSections(makeProposal({ companyLogo: file, showLogo: false }), reader),
    ).not.toContain('cover');
  });

  it('shows the big picture for current-condition files alone', () => {
    expect(visibleSections(makeProposal({ currentCondition: [file] }), reader)).toContain(
      'bigpicture',
    );
  });

  it('shows the plan for a group without items, but no budget or shopping list', () => {
    const sections = visibleSections(makeProposal({ costGroups: [makeGroup()] }), reader);
    expect(sections).toEqual(['plan', 'signatures']);
  });

  it('hides the shopping list without selection items', () => {
    const p = full({ costGroups: [makeGroup({ values: [makeItem({ selection: false })] })] });
    expect(visibleSections(p, reader)).not.toContain('shoppinglist');
    expect(visibleSections(p, reader)).toContain('budget');
  });

  it('hides the budget with the plan', () => {
    const p = full();
    const hidden = visibleSections(
      { ...p, sectionVisibility: { ...p.sectionVisibility, plan: false } },
      reader,
    );
    expect(hidden).not.toContain('budget');
    expect(hidden).not.toContain('plan');
  });

  it('ignores unnamed items', () => {
    const p = makeProposal({ costGroups: [makeGroup({ values: [makeItem({ name: ' ' })] })] });
    expect(visibleSections(p, reader)).toEqual(['plan', 'signatures']);
  });

  it('hides a blank contract', () => {
    expect(visibleSections(full({ contract: ' \n ' }), reader)).not.toContain('contract');
  });
});

describe('menuAnchors', () => {
  it('lists the five anchors of §2 for the sections shown', () => {
    expect(menuAnchors(visibleSections(full(), reader))).toEqual([
      { href: '#welcome', label: 'Welcome' },
      { href: '#big-picture', label: 'Big Picture' },
      { href: '#plan', label: 'Plan' },
      { href: '#shopping-list', label: 'Shopping List' },
      { href: '#contract', label: 'Contract' },
    ]);
  });

  it('leaves out empty sections', () => {
    expect(menuAnchors(['cover', 'plan', 'budget', 'signatures'])).toEqual([
      { href: '#plan', label: 'Plan' },
    ]);
  });
});
