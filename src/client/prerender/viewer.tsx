import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { newQueryClient } from '../app/providers';
import { routes } from '../app/router';
import { sessionKey } from '../features/auth/api';
import { proposalKeys } from '../features/proposals/api';
import { selectionKeys } from '../features/selections/api';
import { publicConfigKey } from '../lib/public-config';
import type { User } from '../../shared/schemas/auth';
import type { Proposal } from '../../shared/schemas/proposal';
import type { PublicConfig } from '../../shared/schemas/public-config';
import type { SelectionsPage } from '../../shared/schemas/selections';
import { AppTree } from './app-tree';
import { whenInitialized } from './shared';

/*
 * Built with Vite's SSR build (scripts/build/prerender-viewer.mjs) and run by the server for each
 * request of a viewer or shop page it may answer (decisions 0040 and 0066): the real app tree at
 * that path, with a query client of its own holding exactly what the API answered this caller, so
 * nothing of one request can reach another's page. On the server no effect runs, so the viewer
 * renders its first screen (cover and welcome) and the place holder of the rest, and the shop page
 * its first screen's groups, as the browser's first render does.
 */

export interface ViewerRender {
  /** The page's `<title>` element. */
  title: string;
  /** The markup of the app's root. */
  body: string;
}

export function renderViewer(input: {
  path: string;
  proposal: Proposal;
  user: User;
  config: PublicConfig;
}): Promise<ViewerRender> {
  return renderAt(input, (client) =>
    client.setQueryData(proposalKeys.detail(input.proposal._id), input.proposal),
  );
}

export function renderShop(input: {
  path: string;
  proposalId: string;
  selections: SelectionsPage;
  user: User;
  config: PublicConfig;
}): Promise<ViewerRender> {
  return renderAt(input, (client) =>
    client.setQueryData(selectionKeys.page(input.proposalId), input.selections),
  );
}

/** The app at `path` for this signed-in caller, with `fill` putting what the API answered them. */
async function renderAt(
  input: { path: string; user: User; config: PublicConfig },
  fill: (client: ReturnType<typeof newQueryClient>) => void,
): Promise<ViewerRender> {
  const client = newQueryClient();
  client.setQueryData(sessionKey, input.user);
  client.setQueryData(publicConfigKey, input.config);
  fill(client);
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
