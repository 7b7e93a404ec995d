import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ErrorPage } from '../features/errors/error-page';
import { clearGlobalError, useGlobalError } from '../features/errors/global-error-store';
import { FrameContext } from '../features/public/frame/frame-context';
import styles from '../features/public/frame/frame.module.css';
import { SiteFooter } from '../features/public/frame/site-footer';
import { SiteHeader } from '../features/public/frame/site-header';
import { MAIN_CONTENT_ID, SkipLink } from '../features/public/frame/skip-link';
import { frameFor } from './frame-visibility';
import { HelpLauncher } from '../features/help/help-launcher';
import { showsHelpLauncher } from '../features/help/launcher-visibility';

/** An error page raised outside React (see global-error-store) stays until the user goes elsewhere. */
function useClearGlobalErrorOnNavigation(locationKey: string) {
  const lastKey = useRef(locationKey);
  useEffect(() => {
    if (lastKey.current === locationKey) return;
    lastKey.current = locationKey;
    clearGlobalError();
  }, [locationKey]);
}

/**
 * A press that changes the page takes its button away with the old page: focus would fall to
 * <body>, the new page would go unannounced and the next Tab would start at the top. Focus goes
 * to <main> then; focus a page or dialog placed itself (its effects run first) is left alone.
 */
function useFocusMainWhenLost(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The frame around every route: skip link, header, the one <main> landmark, footer. */
export function Layout() {
  const location = useLocation();
  const frame = frameFor(location.pathname);
  const globalError = useGlobalError();
  useClearGlobalErrorOnNavigation(location.key);
  useFocusMainWhenLost(location.pathname);

  return (
    <FrameContext.Provider value={true}>
      <div className={styles.shell}>
        <SkipLink />
        {frame.header !== 'none' && <SiteHeader variant={frame.header} />}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
          {globalError ? <ErrorPage eventId={globalError.eventId} /> : <Outlet />}
        </main>
        {frame.footer && <SiteFooter />}
        {showsHelpLauncher(location.pathname) && <HelpLauncher />}
      </div>
      <ScrollRestoration />
    </FrameContext.Provider>
  );
}
