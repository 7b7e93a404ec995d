/** Types of prerender-viewer.mjs (plain JavaScript, run by the Vite config). */
export declare function prerenderViewer(assets: { app: string; island: string }): Promise<void>;
