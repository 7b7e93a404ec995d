/**
 * Where the build puts the pages rendered on the server, the viewer's (decision 0040) and the
 * shop page's (decision 0066), and the marks the server fills; shared by
 * scripts/build/prerender-viewer.mjs and the server, which must not load Vite.
 */
import path from 'node:path';
import { outDir, root } from './client-fingerprint.mjs';

export const viewerPageFile = path.join(outDir, '.viewer-page.html');
export const shopPageFile = path.join(outDir, '.shop-page.html');
export const viewerRendererFile = path.join(root, 'dist/ssr/viewer.mjs');
export const TITLE_MARK = '<!--plansmith-viewer-title-->';
export const BODY_MARK = '<!--plansmith-viewer-body-->';
