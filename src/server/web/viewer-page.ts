import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import {
  BODY_MARK,
  TITLE_MARK,
  viewerRendererFile,
} from '../../../scripts/build/viewer-page-files.mjs';
import type { Proposal } from '../../shared/schemas/proposal';
import type { User } from '../../shared/schemas/auth';
import type { PublicConfig } from '../../shared/schemas/public-config';
import type { SelectionsPage } from '../../shared/schemas/selections';
import type { AppContext } from '../context';
import { toUserDto } from '../auth/user-dto';
import { HttpError } from '../http/errors';
import { keptProposalReplies } from '../proposals/routes';
import { readProposal } from '../proposals/service';
import { getSelectionsPage } from '../selections/page-service';
import { printAccessOf } from '../signing/print-access';
import { inlineScriptHashes } from './inline-script';

type Rendered = Promise<{ title: string; body: string }>;

/** One page request a route renders: the caller, as the API and as the app sees them. */
interface RenderCall {
  renderer: ViewerRenderer;
  request: FastifyRequest;
  user: User;
  config: PublicConfig;
  id: string;
  path: string;
}

/** What src/client/prerender/viewer.tsx exports, as built to dist/ssr/viewer.mjs. */
interface ViewerRenderer {
  renderViewer(input: {
    path: string;
    proposal: Proposal;
    user: User;
    config: PublicConfig;
  }): Rendered;
  renderShop(input: {
    path: string;
    proposalId: string;
    selections: SelectionsPage;
    user: User;
    config: PublicConfig;
  }): Rendered;
}

export interface RenderedPage {
  /**
   * The page with its first screen rendered for this caller from what the API would answer them,
   * or undefined when the API would refuse them: they get the app's page, which shows what the
   * API answers.
   */
  render(request: FastifyRequest, id: string, path: string): Promise<string | undefined>;
  /** The CSP sources of the page's inline island (decision 0080). */
  scriptHashes: string[];
}

/**
 * The page of `pageFile` with the marks filled, for a signed-in caller the API would answer; the
 * render is undefined when it would refuse them (they get the app's page, which shows what the
 * API answers) or when rendering failed.
 */
async function loadRenderedPage(
  ctx: AppContext,
  pageFile: string,
  render: (call: RenderCall) => Rendered,
): Promise<RenderedPage | undefined> {
  if (!fs.existsSync(pageFile) || !fs.existsSync(viewerRendererFile)) return undefined;
  const page = fs.readFileSync(pageFile, 'utf8');
  const [head = '', rest = ''] = page.split(TITLE_MARK);
  const [middle = '', tail = ''] = rest.split(BODY_MARK);
  const renderer = (await import(pathToFileURL(viewerRendererFile).href)) as ViewerRenderer;
  const config: PublicConfig = { supportEmail: ctx.config.supportEmail, appEnv: ctx.config.appEnv };
  return {
    scriptHashes: inlineScriptHashes(page),
    async render(request, id, path) {
      if (!request.user) return undefined;
      try {
        const user = toUserDto(request.user);
        const { title, body } = await render({ renderer, request, user, config, id, path });
        return head + title + middle + body + tail;
      } catch (error) {
        // Refused as the API would refuse: the app's page shows that answer, as before.
        if (error instanceof HttpError) return undefined;
        request.log.warn({ err: error }, 'page: server render failed, sending the app');
        return undefined;
      }
    },
  };
}

/**
 * The viewer's page rendered on the server (decision 0040), from what the build wrote in
 * `pageFile` (scripts/build/prerender-viewer.mjs), from exactly the reply GET /api/proposal/{id}
 * would send this caller (the same access check, the same kept bytes). Undefined when the build
 * wrote none.
 */
export function loadViewerPage(
  ctx: AppContext,
  pageFile: string,
): Promise<RenderedPage | undefined> {
  return loadRenderedPage(ctx, pageFile, async ({ renderer, request, user, config, id, path }) => {
    const read = await readProposal(ctx, request.user, id, await printAccessOf(ctx, request, id));
    const { kept, plans } = keptProposalReplies(ctx);
    const json = await kept.json(read.key, () => read.json(plans));
    const proposal = JSON.parse(json.toString('utf8')) as Proposal;
    return renderer.renderViewer({ path, proposal, user, config });
  });
}

/**
 * The shop page rendered on the server (decision 0066), from what GET
 * /api/proposal/{id}/selections answers this caller. Undefined when the build wrote none.
 */
export function loadShopPage(ctx: AppContext, pageFile: string): Promise<RenderedPage | undefined> {
  return loadRenderedPage(ctx, pageFile, async ({ renderer, request, user, config, id, path }) => {
    const selections = await getSelectionsPage(ctx, request.user, id);
    return renderer.renderShop({ path, proposalId: id, selections, user, config });
  });
}
