/** docs/product/constants.md business constants shared by client and server. */
export const APP_VERSION = '3.0.0';
export const PRODUCT_NAME = 'Plansmith';
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
export const UPLOAD_TOO_BIG = 'The file you are trying to upload is bigger than 15MB';
export const PRODUCT_PAGE_SIZE = 8;
export const SEARCH_DEBOUNCE_MS = 400;
export const SCROLL_DEBOUNCE_MS = 100;
export const SUGGESTED_OPTIONS = 4;
export const IMAGE_BOARD_MIN_ITEMS = 4;
export const DEPOSIT_DOLLARS = 99;
export const MAX_CONTRACTOR_PROPOSALS = 3;
export const SIGNIN_TOKEN_TTL_MS = 60 * 60 * 1000;
export const PROPOSAL_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The most options one item holds: what a reorder and the suggestions take in one request. */
export const OPTIONS_PER_ITEM_MAX = 200;
