import { matchPath } from 'react-router';
import { routePatterns as r } from '../../../shared/paths';

/*
 * Where the help launcher shows (decision 0011). The spec hides a chat widget on proposal pages;
 * the launcher stands in for it, so it is absent from every /proposal/… page and the print view.
 * It is also absent where a page has its own sticky bottom bar with buttons in that corner (the
 * create wizard and the plan/step route), so it never covers 'Create Proposal' or 'Cancel'.
 */
const HIDDEN_PATTERNS = ['/proposal', '/proposal/*', '/print/*', r.create, '/plan', '/plan/*'];

export function showsHelpLauncher(pathname: string): boolean {
  const path = pathname.replace(/\/{2,}/g, '/') || '/';
  return !HIDDEN_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
}
