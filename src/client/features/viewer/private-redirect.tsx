import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../shared/paths';

/** docs/product/viewer.md loading failure: to /private/, remembering the page so a login comes back to it. */
export function PrivateRedirect() {
  const location = useLocation();
  return (
    <Navigate to={`${paths.private()}?redirect=${encodeURIComponent(location.pathname)}`} replace />
  );
}

/** A message handed over in router state by the page that led here (`{ notice }`). */
export function readNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}
