import { useRouteError } from 'react-router';
import { useInsideFrame } from '../public/frame/frame-context';
import { MAIN_CONTENT_ID } from '../public/frame/skip-link';
import { ErrorPage } from './error-page';
import { useReportedError } from './use-reported-error';

/** The routes' errorElement: reports the render or loader error once, then shows the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const eventId = useReportedError(error, 'route');
  const page = <ErrorPage eventId={eventId} />;
  // When the Layout itself failed there is no <main> around us; provide the landmark here.
  if (useInsideFrame()) return page;
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      {page}
    </main>
  );
}
