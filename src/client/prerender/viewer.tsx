import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { newQueryClient } from '../app/providers';
import { routes } from '../app/router';
import { sessionKey } from '../features/auth/api';
import { proposalKeys } from '../features/proposals/api';
import { publicConfigKey } from '../lib/public-config';
import type { User } from '../../shared/schemas/auth';
import type { Proposal } from '../../shared/schemas/proposal';
import type { PublicConfig } from '../../shared/schemas/public-config';
import { AppTree } from './app-tree';
import { whenInitialized } from './shared';

/*
 * Built with Vite's SSR build (scripts/build/prerender-viewer.mjs) and run by the server for each
 * request of a viewer page it may answer (decision 0040): the real app tree at that path, with a
 * query client of its own holding exactly what the API answered this caller, so nothing of one
 * request can reach another's page. On the server no effect runs, so the viewer renders its first
 * screen (cover and welcome) and the place holder of the rest, as the browser's first render does.
 */

export interface ViewerRender {
  /** The page's `<title>` element. */
  title: string;
  /** The markup of the app's root. */
  body: string;
}

export async function renderViewer(input: {
  path: string;
  proposal: Proposal;
  user: User;
  config: PublicConfig;
}): Promise<ViewerRender> {
  const client = newQueryClient();
  client.setQueryData(sessionKey, input.user);
  client.setQueryData(publicConfigKey, input.config);
  client.setQueryData(proposalKeys.detail(input.proposal._id), input.proposal);
  const router = createMemoryRouter(routes, { initialEntries: [input.path] });
  try {
    await whenInitialized(router);
    let body = renderToString(<AppTree router={router} client={client} />);
    // React writes the page's <title> where the page renders it; the document head is its place.
    const title = /<title>[^<]*<\/title>/.exec(body)?.[0] ?? '';
    if (title) body = body.replace(title, '');
    return { title, body };
  } finally {
    router.dispose();
    client.clear();
  }
}
