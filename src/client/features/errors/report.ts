import { call } from '../../lib/call';
import { reports } from '../../../shared/api/client-routes';
import type { ErrorReportBody } from '../../../shared/schemas/reports';
import { describeError, redactUrl, type ErrorInfo } from './describe-error';
import { attachGlobalEventId, raiseGlobalError } from './global-error-store';

export type { ErrorInfo } from './describe-error';

// A component that fails on every render, or a timer that throws every second, must not turn
// one visit into thousands of reports.
const MAX_REPORTS_PER_PAGE = 20;
let reportsSent = 0;

// The same error object is reported once: StrictMode runs effects twice, and an error may reach
// both a boundary and a window listener.
const reported = new WeakMap<object, Promise<string | undefined>>();

async function send(error: unknown, info: ErrorInfo | undefined): Promise<string | undefined> {
  if (reportsSent >= MAX_REPORTS_PER_PAGE) return undefined;
  reportsSent += 1;
  const body: ErrorReportBody = {
    ...describeError(error, info),
    url: redactUrl(window.location.href),
  };
  try {
    const reply = await call(reports.error, { body });
    return reply.eventId;
  } catch (reportErr) {
    // Reporting must never raise an error of its own (that would loop through the listeners
    // below); the page simply shows no reference.
    console.warn('The error could not be reported.', reportErr);
    return undefined;
  }
}

/**
 * Stores the error on our server (see docs/decisions/0002-error-reporting.md) and resolves to
 * its event id, or undefined when it could not be stored. Never rejects.
 */
export function reportError(error: unknown, info?: ErrorInfo): Promise<string | undefined> {
  const key = typeof error === 'object' && error !== null ? error : undefined;
  const existing = key ? reported.get(key) : undefined;
  if (existing) return existing;
  const pending = send(error, info);
  if (key) reported.set(key, pending);
  return pending;
}

// Noise browsers raise that is not a failure of the page: the ResizeObserver notice, and
// "Script error." from a cross-origin script whose details the browser hides.
function isNoise(event: ErrorEvent): boolean {
  if (/ResizeObserver loop/i.test(event.message)) return true;
  return event.error == null && /^Script error\.?$/i.test(event.message);
}

function isAbort(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === 'AbortError';
}

function showAndReport(error: unknown, info: ErrorInfo) {
  const seq = raiseGlobalError();
  void reportError(error, info).then((eventId) => attachGlobalEventId(seq, eventId));
}

let installed = false;

/**
 * docs/product/errors.md: an uncaught runtime error or an unhandled rejection shows the error page and is reported.
 * Render errors are handled by the routes' errorElement instead (React catches them first).
 */
export function installGlobalErrorReporting(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event) => {
    if (isNoise(event)) return;
    showAndReport(event.error ?? event.message, { kind: 'window' });
  });
  target.addEventListener('unhandledrejection', (event) => {
    // A cancelled request is not a failure: navigating away aborts fetches on purpose.
    if (isAbort(event.reason)) return;
    showAndReport(event.reason, { kind: 'unhandledrejection' });
  });
}
