import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { queryClient } from '../app/providers';
import { routes } from '../app/router';
import { sessionKey } from '../features/auth/api';
import { publicConfigKey } from '../lib/public-config';
import type { PublicConfig } from '../../shared/schemas/public-config';
import { AppTree } from './app-tree';
import { whenInitialized } from './shared';

/*
 * Built with Vite's SSR build and run once at the end of the client build
 * (scripts/build/prerender-landing.mjs). The landing page (decision 0027) is rendered as a visitor
 * without a session sees it; the server serves the result to requests for / that carry no session
 * cookie, so a first visit shows the page without downloading the app. The e-mail link's page
 * (decision 0069) shows the token page's first screen, "Signing you in…".
 */

/** Stand-ins the server replaces with its settings (the support address is an operator setting). */
export const SUPPORT_EMAIL_MARK = 'plansmith-support-email-mark';
export const APP_ENV_MARK = 'plansmith-app-env-mark';

/**
 * The page at `path` as it first shows: to a visitor without a session, or, with `session:
 * 'unknown'`, to anyone while the session is being checked (the header empty rather than "Log In"
 * shown to someone signed in).
 */
export async function renderPublicPage(
  path: string,
  { session }: { session: 'visitor' | 'unknown' },
): Promise<string> {
  if (session === 'visitor') queryClient.setQueryData(sessionKey, null);
  else queryClient.removeQueries({ queryKey: sessionKey, exact: true });
  queryClient.setQueryData(publicConfigKey, {
    supportEmail: SUPPORT_EMAIL_MARK,
    appEnv: APP_ENV_MARK as PublicConfig['appEnv'],
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await whenInitialized(router);
  const html = renderToString(<AppTree router={router} />);
  router.dispose();
  return html;
}
