/**
 * The pages whose first screen the server renders (decisions 0040, 0066 and 0067) and where the
 * build puts what each needs, with the marks the server fills; shared by vite.config.ts,
 * scripts/build/prerender-viewer.mjs and the server, which must not load Vite.
 */
import path from 'node:path';
import { outDir, root } from './client-fingerprint.mjs';

/**
 * Each page by name: the route module the client's router loads for it. The contractor's and
 * the homeowner's own paths to the same screens are different modules and so different chunks.
 */
export const renderedPages = {
  viewer: 'features/viewer/proposal-page.tsx',
  shop: 'features/selections/selections-page.tsx',
  received: 'features/viewer/received-page.tsx',
  'received-shop': 'features/selections/received-selections-page.tsx',
};

/** The route's own scripts and styles beyond index.html's, written by the client build. */
export const routeAssetsFile = (name) => path.join(outDir, `.${name}-assets.json`);
/** The page around the server's render, written by scripts/build/prerender-viewer.mjs. */
export const routePageFile = (name) => path.join(outDir, `.${name}-page.html`);
export const viewerRendererFile = path.join(root, 'dist/ssr/viewer.mjs');
export const TITLE_MARK = '<!--plansmith-viewer-title-->';
export const BODY_MARK = '<!--plansmith-viewer-body-->';
