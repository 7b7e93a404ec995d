/** Types of client-fingerprint.mjs (plain JavaScript so `npm start` runs it without tsx). */
export declare const root: string;
export declare const outDir: string;
export declare const fingerprintFile: string;
export declare function clientFingerprint(base?: string): string;
export declare function builtFingerprint(): string | null;
