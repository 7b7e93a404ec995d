import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from './app/providers';
import { createRouter } from './app/router';
import { sessionKey } from './features/auth/api';
import { publicConfigKey } from './lib/public-config';
import { ensureStorageVersion } from './lib/storage-version';
import { installGlobalErrorReporting } from './features/errors/report';
import { AppTree } from './prerender/app-tree';
import { PRERENDER_DATA_ID, whenInitialized } from './prerender/shared';
import { appContainer, takeOver } from './prerender/takeover';
import './styles/global.css';

ensureStorageVersion();
installGlobalErrorReporting();
// A GET form without fields (Send and Sign on the server-rendered viewer, decision 0040) leaves a
// lone '?' on the address it goes to: the same address without it is the one to keep and share.
if (!window.location.search && !window.location.hash && window.location.href.endsWith('?')) {
  window.history.replaceState(window.history.state, '', window.location.href.slice(0, -1));
}

const router = createRouter();
const root = document.getElementById('root')!;
const prerendered = document.getElementById(PRERENDER_DATA_ID);

if (prerendered) {
  // The prerendered landing (decision 0027): the server sent it only to a request without a
  // session, with its public settings; the first render must match the markup it hydrates.
  queryClient.setQueryData(sessionKey, null);
  queryClient.setQueryData(publicConfigKey, JSON.parse(prerendered.textContent ?? '{}'));
  void whenInitialized(router).then(() => {
    hydrateRoot(root, <AppTree router={router} />);
    document.dispatchEvent(new Event('plansmith:hydrating'));
  });
} else {
  // On the viewer's server-rendered page (decision 0040) the app renders beside it, hidden, and
  // takes its place when the viewer commits, or when it goes anywhere else.
  const { pathname } = router.state.location;
  router.subscribe((state) => {
    if (state.location.pathname !== pathname) takeOver();
  });
  const render = () => createRoot(appContainer()).render(<AppTree router={router} />);
  // The e-mail link's page shows the token page's first screen already (decision 0069): it stays
  // until the app has its route to render instead of a blank one.
  const shownAlready = root.firstElementChild && !root.hasAttribute('data-server-rendered');
  if (shownAlready) void whenInitialized(router).then(render);
  else render();
}
