/** Types of prerender-landing.mjs (plain JavaScript, run by the Vite config). */
export declare const landingFile: string;
export declare function prerenderLanding(assets: {
  app: string;
  island: string;
  css: string[];
}): Promise<void>;
