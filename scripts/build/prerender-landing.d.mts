/** Types of prerender-landing.mjs (plain JavaScript, run by the Vite config). */
export declare const landingFile: string;
export declare const linkPageFile: string;
export interface RouteAssets {
  scripts: string[];
  styles: string[];
}
export declare function prerenderPublicPages(assets: {
  app: string;
  island: string;
  landing: RouteAssets;
  link: RouteAssets;
}): Promise<void>;
