/*
 * A comment's text as shown on the shop page (docs/product/selections.md): http(s) addresses become
 * links, everything else stays text, and a long comment starts folded to a preview.
 */
import LinkifyIt from 'linkify-it';

export type CommentPart = { text: string } | { text: string; href: string };

/** A comment longer than this (in characters), or with more lines than FOLD_LINES, starts folded. */
export const FOLD_CHARS = 400;
export const FOLD_LINES = 6;
/** A folded comment shows at most this much: well under the threshold, so unfolding adds a lot. */
export const PREVIEW_CHARS = 200;
export const PREVIEW_LINES = 4;

// Only addresses written with http:// or https://: no bare "example.com" guesses, no e-mail
// addresses, no mailto:, ftp: or protocol-relative links, and never javascript: or data:.
const linkify = new LinkifyIt({}, { fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
  .add('ftp:', null)
  .add('mailto:', null)
  .add('//', null);

/** Whether an address may be a link: parsed, and http or https (checked again after linkify-it). */
function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The text cut into plain runs and links, in order; joined, the parts' text is the text. Trailing
 * punctuation (a full stop, an unmatched ')') stays outside the link (linkify-it's rules).
 */
export function commentParts(text: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let at = 0;
  for (const match of linkify.match(text) ?? []) {
    const href = safeHref(match.url);
    if (href === null) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: text.slice(match.index, match.lastIndex), href });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

export const isLink = (part: CommentPart): part is { text: string; href: string } => 'href' in part;

const lineCount = (text: string) => text.split('\n').length;

export interface CommentView {
  parts: CommentPart[];
  /** What a folded comment shows; null when the comment is short and shown whole. */
  preview: CommentPart[] | null;
}

/** A comment's parts, and its preview when it is long enough to start folded. */
export function commentView(text: string): CommentView {
  const parts = commentParts(text);
  if (text.length <= FOLD_CHARS && lineCount(text) <= FOLD_LINES) return { parts, preview: null };
  const preview = previewOf(parts);
  const shown = preview.reduce((sum, part) => sum + part.text.length, 0);
  // A long first link can make the preview the whole comment: nothing to unfold then.
  return { parts, preview: shown < text.trimEnd().length ? preview : null };
}

/**
 * The first few lines of a long comment, cut between words and never inside a link: a link that
 * would cross the cut ends the preview before it (or, when it comes first, is the preview).
 */
function previewOf(parts: CommentPart[]): CommentPart[] {
  const preview: CommentPart[] = [];
  let chars = 0;
  let lines = 1;
  for (const part of parts) {
    if (chars >= PREVIEW_CHARS) break;
    if (isLink(part)) {
      if (chars > 0 && chars + part.text.length > PREVIEW_CHARS) break;
      preview.push(part);
      chars += part.text.length;
      continue;
    }
    let text = part.text;
    const breaks = [...text.matchAll(/\n/g)].map((m) => m.index);
    const lastBreak = breaks[PREVIEW_LINES - lines];
    if (lastBreak !== undefined) text = text.slice(0, lastBreak);
    if (chars + text.length > PREVIEW_CHARS) {
      const room = text.slice(0, PREVIEW_CHARS - chars + 1);
      const space = room.search(/\s\S*$/);
      // One word longer than the room: it waits for 'Show more', unless it is the first.
      text = space >= 0 ? room.slice(0, space) : chars > 0 ? '' : room.slice(0, -1);
    }
    if (text !== part.text) {
      // The '…' that follows says the rest is folded: no stray comma or full stop before it.
      text = text.replace(/[\s.,;:]+$/, '');
      if (text !== '') preview.push({ text });
      break;
    }
    preview.push(part);
    chars += text.length;
    lines += breaks.length;
  }
  return preview;
}
