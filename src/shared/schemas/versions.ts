/**
 * The largest version a request may name: versions are integer columns on both engines, so a
 * larger number is no version at all, and the request malformed (400), not stale (409).
 */
export const VERSION_MAX = 2 ** 31 - 1;
