/** Types of viewer-page-files.mjs. */
export declare const viewerPageFile: string;
export declare const shopPageFile: string;
export declare const viewerRendererFile: string;
export declare const TITLE_MARK: string;
export declare const BODY_MARK: string;
