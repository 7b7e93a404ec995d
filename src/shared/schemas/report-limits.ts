/**
 * Field limits of error reports and feedback; the client trims to them before sending. Apart
 * from reports.ts so the error reporting every page installs loads no zod (decision 0033).
 */
export const REPORT_LIMITS = {
  message: 2000,
  stack: 20000,
  url: 2000,
  feedback: 5000,
  eventId: 100,
} as const;
