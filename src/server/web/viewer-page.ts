import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import {
  BODY_MARK,
  TITLE_MARK,
  viewerPageFile,
  viewerRendererFile,
} from '../../../scripts/build/viewer-page-files.mjs';
import type { Proposal } from '../../shared/schemas/proposal';
import type { User } from '../../shared/schemas/auth';
import type { PublicConfig } from '../../shared/schemas/public-config';
import type { AppContext } from '../context';
import { toUserDto } from '../auth/user-dto';
import { HttpError } from '../http/errors';
import { keptProposalReplies } from '../proposals/routes';
import { readProposal } from '../proposals/service';
import { hasPrintAccess } from '../signing/print-access';

/** What src/client/prerender/viewer.tsx exports, as built to dist/ssr/viewer.mjs. */
interface ViewerRenderer {
  renderViewer(input: {
    path: string;
    proposal: Proposal;
    user: User;
    config: PublicConfig;
  }): Promise<{ title: string; body: string }>;
}

export interface ViewerPage {
  /**
   * The viewer's page with its first screen rendered for this caller, from exactly the reply GET
   * /api/proposal/{id} would send them (the same access check, the same kept bytes), or
   * undefined when the API would refuse them: they get the app's page, which shows what the API
   * answers.
   */
  render(request: FastifyRequest, id: string, path: string): Promise<string | undefined>;
}

/**
 * The viewer's page rendered on the server (decision 0040), from what the build wrote
 * (scripts/build/prerender-viewer.mjs). Undefined when the build wrote none.
 */
export async function loadViewerPage(ctx: AppContext): Promise<ViewerPage | undefined> {
  if (!fs.existsSync(viewerPageFile) || !fs.existsSync(viewerRendererFile)) return undefined;
  const [head = '', rest = ''] = fs.readFileSync(viewerPageFile, 'utf8').split(TITLE_MARK);
  const [middle = '', tail = ''] = rest.split(BODY_MARK);
  const renderer = (await import(pathToFileURL(viewerRendererFile).href)) as ViewerRenderer;
  const config: PublicConfig = { supportEmail: ctx.config.supportEmail, appEnv: ctx.config.appEnv };
  return {
    async render(request, id, path) {
      const user = request.user;
      if (!user) return undefined;
      try {
        const read = await readProposal(ctx, user, id, hasPrintAccess(ctx, request, id));
        const { kept, plans } = keptProposalReplies(ctx);
        const json = await kept.json(read.key, () => read.json(plans));
        const proposal = JSON.parse(json.toString('utf8')) as Proposal;
        const { title, body } = await renderer.renderViewer({
          path,
          proposal,
          user: toUserDto(user),
          config,
        });
        return head + title + middle + body + tail;
      } catch (error) {
        // Refused as the API would refuse: the app's page shows that answer, as before.
        if (error instanceof HttpError) return undefined;
        request.log.warn({ err: error }, 'viewer page: server render failed, sending the app');
        return undefined;
      }
    },
  };
}
