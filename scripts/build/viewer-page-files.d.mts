/** Types of viewer-page-files.mjs. */
export declare const renderedPages: {
  viewer: string;
  shop: string;
  received: string;
  'received-shop': string;
};
export type RenderedPageName = keyof typeof renderedPages;
export declare const routeAssetsFile: (name: RenderedPageName) => string;
export declare const routePageFile: (name: RenderedPageName) => string;
export declare const viewerRendererFile: string;
export declare const TITLE_MARK: string;
export declare const BODY_MARK: string;
