import { describe, expect, it } from 'vitest';
import { DEFAULT_WELCOME_NOTE } from '../../../shared/defaults/texts';
import { LONG_NOTE_CHARS, notePreview, paragraphsOf } from './welcome-note';

describe('paragraphsOf', () => {
  it('starts a paragraph at every line break and drops blank lines', () => {
    expect(paragraphsOf('One\n\nTwo\r\nThree\n  \n')).toEqual(['One', 'Two', 'Three']);
    expect(paragraphsOf('   ')).toEqual([]);
  });
});

describe('notePreview', () => {
  it('collapses the default note after its first paragraph', () => {
    const preview = notePreview(DEFAULT_WELCOME_NOTE);
    expect(preview.collapsible).toBe(true);
    expect(preview.first).toMatch(/^Thank you for inviting us/);
    expect(preview.rest).toHaveLength(2);
  });

  it('shows a short note whole', () => {
    expect(notePreview('Hi Sam,\nHere is the plan we discussed.')).toEqual({
      first: 'Hi Sam,',
      rest: ['Here is the plan we discussed.'],
      collapsible: false,
    });
  });

  it('never collapses a single paragraph, however long', () => {
    const long = 'word '.repeat(LONG_NOTE_CHARS);
    expect(notePreview(long).collapsible).toBe(false);
    expect(notePreview(long).rest).toEqual([]);
  });

  it('collapses a long note of two paragraphs', () => {
    const note = `${'a'.repeat(200)}\n\n${'b'.repeat(200)}`;
    expect(notePreview(note).collapsible).toBe(true);
  });

  it('has nothing to show for an empty note', () => {
    expect(notePreview('')).toEqual({ first: null, rest: [], collapsible: false });
  });
});
