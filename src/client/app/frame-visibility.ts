import { matchPath } from 'react-router';
import { routePatterns as r } from '../../shared/paths';

/**
 * Which frame a path gets.
 * - `site`: the full site header and the footer.
 * - `compact`: docs/product/routes.md hides the header and footer on the landing page and the FAQ, but a visitor still
 *   needs a way around, so those two pages get a compact top bar and no footer.
 * - `none`: the create wizard, the edit wizard and the plan/step route bring their own top bar;
 *   the print view (/print/{id}/) is the bare document, with no menus or bars (issue 4).
 */
export type FrameKind = 'site' | 'compact' | 'none';

export interface Frame {
  header: FrameKind;
  footer: boolean;
}

const COMPACT_PATTERNS = [r.home, r.faq];

// The spec names a "plan/step route" without giving its path; `/plan` and anything below it
// is reserved for it here so the wizard page can be added without touching the frame.
const BARE_PATTERNS = [r.create, r.proposalEdit, r.proposalEditAlt, '/plan', '/plan/*', r.print];

const matchesAny = (patterns: readonly string[], pathname: string) =>
  patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);

/** The docs/product/routes.md rule for showing the header and footer, as a pure function of the path. */
export function frameFor(pathname: string): Frame {
  // Double slashes are collapsed by a redirect (docs/product/routes.md); matching the collapsed form here keeps the
  // frame from flickering during that redirect.
  const path = pathname.replace(/\/{2,}/g, '/') || '/';
  if (matchesAny(COMPACT_PATTERNS, path)) return { header: 'compact', footer: false };
  if (matchesAny(BARE_PATTERNS, path)) return { header: 'none', footer: false };
  return { header: 'site', footer: true };
}
