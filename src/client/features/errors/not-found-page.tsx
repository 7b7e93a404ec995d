import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from './error-page';
import { useReportedError } from './use-reported-error';

/**
 * Unknown paths. docs/product/errors.md reports them like any other error: a broken link in an e-mail or on another
 * site shows up in the error reports instead of going unnoticed.
 */
export function Component() {
  const location = useLocation();
  // One error object per visit of a path, so re-renders and StrictMode report it once.
  // location.key changes on each visit: a second visit to the same bad link is a second report.
  const visit = useMemo(
    () => ({ key: location.key, error: new Error(`Page not found: ${location.pathname}`) }),
    [location.key, location.pathname],
  );
  const eventId = useReportedError(visit.error, 'not-found');
  return <ErrorPage eventId={eventId} />;
}
