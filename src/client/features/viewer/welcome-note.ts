/*
 * The welcome note (docs/product/viewer.md): paragraphs by line, and long notes collapse after the first paragraph
 * behind 'Read more...'.
 */

/** A note longer than this, with more than one paragraph, starts collapsed. */
export const LONG_NOTE_CHARS = 300;

/** The text's paragraphs: every line break starts one; blank lines and outer spaces are dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export interface NotePreview {
  /** Always shown. */
  first: string | null;
  /** Shown once expanded (or at once when the note is short). */
  rest: string[];
  /** Whether the note starts collapsed behind 'Read more...'. */
  collapsible: boolean;
}

/**
 * A note is long when it has more than one paragraph and more than LONG_NOTE_CHARS characters of
 * text; a short note (a greeting and a line or two) is shown whole.
 */
export function notePreview(note: string): NotePreview {
  const paragraphs = paragraphsOf(note);
  const [first = null, ...rest] = paragraphs;
  const length = paragraphs.reduce((sum, p) => sum + p.length, 0);
  return { first, rest, collapsible: rest.length > 0 && length > LONG_NOTE_CHARS };
}
