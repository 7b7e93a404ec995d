/*
 * Decision 0088: how many bytes of uploads may be kept that nothing uses yet, counted over the
 * day housekeeping keeps them. The figures are defaults of AppContext.limits, so tests can
 * tighten them.
 */
const MB = 1024 * 1024;

export const UPLOAD_BUDGET = {
  /**
   * One account's uploads not yet saved in a proposal (nor a product, nor its logo). Photos are
   * compressed to 1 MB in the browser and documents are at most 15 MB: this is 500 photos or 33
   * of the largest documents uploaded and left unsaved within a day: a whole proposal's files
   * (at most 50 big-picture files and 50 images per group) are rarely a tenth of it before the
   * first save. Saving frees it; one account can no longer keep more than this in unused uploads.
   */
  perAccount: 500 * MB,
  /**
   * One client address's logged-out uploads (the create wizard's), used or not: a visitor's
   * proposal waits a week to be claimed, so attaching frees nothing here. A first proposal's
   * logo, photo and a dozen pictures or a plan or two; beyond, signing in lifts it to the
   * account's budget.
   */
  perVisitorClient: 50 * MB,
  /**
   * Everyone's kept bytes (unused uploads and logged-out ones) past which logged-out uploads
   * stop: 100 visitors at their budget, far below a small disk.
   */
  visitorsStopAt: 5 * 1024 * MB,
  /**
   * Past this every upload but a signature stops, before the disk is full and every save, send
   * and signature fails (507): 100 accounts at their budget.
   */
  everyoneStopAt: 50 * 1024 * MB,
} as const;
