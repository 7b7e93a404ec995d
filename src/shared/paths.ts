/**
 * Every route of docs/product/routes.md, written once. The client router, links, the server's
 * unknown-path check and e-mailed links all build paths from here.
 */
export const paths = {
  home: () => '/',
  pros: () => '/pros/',
  faq: () => '/faq/',
  signup: () => '/signup/',
  signin: () => '/signin/',
  signinToken: (token: string) => `/signin/${encodeURIComponent(token)}/`,
  success: () => '/success/',
  logout: () => '/logout/',
  logoutEverywhere: () => '/logout/everywhere/',
  account: () => '/account/',
  dashboard: () => '/dashboard/',
  create: () => '/create/',
  allProducts: () => '/allProducts/',
  private: () => '/private/',
  error: () => '/error/',
  print: (id: string) => `/print/${id}/`,
  proposal: (id: string) => `/proposal/${id}/`,
  proposalSelections: (id: string) => `/proposal/${id}/selections/`,
  proposalEdit: (id: string) => `/proposal/edit/${id}/`,
  proposalSend: (id: string) => `/proposal/send/${id}/`,
  proposalReceived: (id: string) => `/proposal/received/${id}/`,
  proposalReceivedSelections: (id: string) => `/proposal/received/${id}/selections/`,
  proposalSign: (id: string) => `/proposal/sign/${id}/`,
  proposalSigned: (id: string) => `/proposal/signed/${id}/`,
  proposalLog: (id: string) => `/proposal/log/${id}/`,
  proposalSignup: (id: string) => `/proposal/signup/${id}/`,
  proposalLogin: (id: string) => `/proposal/login/${id}/`,
  proposalSent: (id: string) => `/proposal/sent/${id}/`,
  commentEmails: (token: string) => `/comment-emails/${encodeURIComponent(token)}/`,
} as const;

/** A person's relation to a proposal (`Proposal.access.role`). */
export type ProposalRelation = 'owner' | 'homeowner' | 'invitee' | 'public';

/**
 * Decision 0093: where a proposal opens comes from the person's relation to it, not from their
 * account's role. Whoever it was sent or shared to (its homeowner, an invitee) reads it in the
 * received view; its owner and the public in the contractor's view.
 */
export const receivedIt = (relation: ProposalRelation): boolean =>
  relation === 'homeowner' || relation === 'invitee';

/** The view of proposal `id` for someone with `relation` to it (decision 0093). */
export const proposalViewPath = (id: string, relation: ProposalRelation): string =>
  receivedIt(relation) ? paths.proposalReceived(id) : paths.proposal(id);

/** Route patterns in React Router syntax; the server answers 404 for paths matching none. */
export const routePatterns = {
  home: '/',
  pros: '/pros',
  faq: '/faq',
  signup: '/signup',
  signin: '/signin',
  signinToken: '/signin/:token',
  success: '/success',
  logout: '/logout',
  logoutEverywhere: '/logout/everywhere',
  account: '/account',
  dashboard: '/dashboard',
  create: '/create',
  allProducts: '/allProducts',
  private: '/private',
  error: '/error',
  print: '/print/:id',
  proposalEdit: '/proposal/edit/:id',
  proposalEditAlt: '/proposal/:id/edit',
  proposalSend: '/proposal/send/:id',
  proposalReceived: '/proposal/received/:id',
  proposalReceivedSelections: '/proposal/received/:id/selections',
  proposalSign: '/proposal/sign/:id',
  proposalSigned: '/proposal/signed/:id',
  proposalLog: '/proposal/log/:id',
  proposalSignup: '/proposal/signup/:id',
  proposalLogin: '/proposal/login/:id',
  proposalSent: '/proposal/sent/:id',
  commentEmails: '/comment-emails/:token',
  proposal: '/proposal/:id',
  proposalSelections: '/proposal/:id/selections',
} as const;

// routePatterns.signinToken as a regular expression (React Router matches case-insensitively), for
// the e-mail link's page script, which must not bundle React Router to read its own path.
const SIGNIN_TOKEN_PATH = /^\/signin\/([^/]+)\/?$/i;

/** The token of the e-mail link's page at a path (no query, no hash), still percent-encoded. */
export const signinTokenAt = (pathname: string): string | undefined =>
  SIGNIN_TOKEN_PATH.exec(pathname)?.[1];

/**
 * The proposal pages the server sends with their first screen rendered for a signed-in reader
 * the API would answer (decisions 0040, 0066 and 0067), by the name the build gives their files.
 */
export const serverRenderedRoutes = {
  viewer: routePatterns.proposal,
  shop: routePatterns.proposalSelections,
  received: routePatterns.proposalReceived,
  'received-shop': routePatterns.proposalReceivedSelections,
} as const;

export type ServerRenderedPage = keyof typeof serverRenderedRoutes;

// The server renders a page only for a proposal id that can be one (a UUID). Marked pure so that
// a bundle using nothing of it leaves it out (the e-mail link page's inline script).
const serverRendered = /* @__PURE__ */ Object.entries(serverRenderedRoutes).map(
  ([name, pattern]) => ({
    name: name as ServerRenderedPage,
    path: new RegExp(
      `^${pattern.replace(':id', '([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})')}/?$`,
      'i',
    ),
  }),
);

/** The serverRenderedRoutes page at a path (no query, no hash), and its proposal id. */
export function serverRenderedPageAt(
  pathname: string,
): { name: ServerRenderedPage; id: string } | undefined {
  for (const { name, path } of serverRendered) {
    const id = path.exec(pathname)?.[1];
    if (id !== undefined) return { name, id };
  }
  return undefined;
}

/** Whether a path (no query, no hash) is one of serverRenderedRoutes' pages. */
export const isServerRenderedPath = (pathname: string): boolean =>
  serverRenderedPageAt(pathname) !== undefined;

/**
 * The docs/product/routes.md normalisation: double slashes collapse and a trailing slash is added.
 * Returns null when the path is already canonical.
 */
export function canonicalPath(pathname: string): string | null {
  let p = pathname.replace(/\/{2,}/g, '/');
  if (!p.endsWith('/')) p += '/';
  return p === pathname ? null : p;
}

/**
 * Pages that do something the moment they load: an e-mail link's page signs in whoever it was
 * sent to (ending the session there is), and /logout/ signs out. As the place a sign-in goes
 * next, someone else's link would sign the person who just proved their address in to that
 * account (a login e-mail asked for with the attacker's own link as its redirect), and /logout/
 * would undo the sign-in (review 23).
 */
function actsOnArrival(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: no route matches it either; checked as it is.
  }
  // As the page would be reached: the server answers '/signin//x/' with a redirect to its
  // canonical path, which merges repeated slashes.
  return [pathname, decoded]
    .map((path) => canonicalPath(path) ?? path)
    .some((path) => signinTokenAt(path) !== undefined || /^\/logout\/?$/i.test(path));
}

/**
 * A redirect target is honoured only when it is a path on this site that does nothing on its
 * own when it loads; anything that could leave the origin (`//host`, `/\host`, `https:`,
 * `javascript:`), an e-mail link's page and /logout/ become the dashboard.
 */
export function safeRedirect(target: string | null | undefined): string {
  const fallback = paths.dashboard();
  if (!target || typeof target !== 'string') return fallback;
  if (!target.startsWith('/')) return fallback;
  if (target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const base = 'http://plansmith.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    // Checked again once dot segments are resolved: '/..//host' comes out as '//host'.
    const path = url.pathname + url.search + url.hash;
    if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
    return actsOnArrival(url.pathname) ? fallback : path;
  } catch {
    return fallback;
  }
}
