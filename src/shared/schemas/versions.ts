/**
 * The largest version a request may name: versions are integer columns on both engines, and
 * PostgreSQL refuses to compare one with a larger number (a 500, not the 409 or 400 it should be).
 */
export const VERSION_MAX = 2 ** 31 - 1;
