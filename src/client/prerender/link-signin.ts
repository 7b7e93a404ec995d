/*
 * The only script of the e-mail link's page (/signin/{token}/, decisions 0068 and 0069), inline:
 * it posts the link's token as the page arrives and loads the page the server names for the link.
 * A proposal's page comes rendered (decisions 0040, 0066, 0067), any other is as soon loaded as
 * rendered by an app still on its way, so the app is not loaded here for them: on a phone its
 * download only slows the page the link goes to. What else a link may meet (an old link, a
 * failure, a proposal to add) is the app's token page's to show: the app is loaded then, and
 * takes this answer, for the token is spent.
 */
import { startEarlySignin, type EarlyAnswer } from '../lib/early-signin';
import { signinTokenAt } from '../../shared/paths';
import { loadApp } from './load-app';

const linkToken = signinTokenAt(location.pathname);
if (linkToken) {
  const token = decodeURIComponent(linkToken);
  // auth.verify of shared/api/client-routes.ts, whose chunk is the app's core: not imported.
  const answer: Promise<EarlyAnswer> = fetch('/api/authorization/verify', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  }).then(
    async (res) => ({ status: res.status, text: await res.text() }),
    () => ({ status: 0, text: '' }),
  );
  const early = startEarlySignin(token, answer);
  void answer
    .then(({ status, text }) => {
      if (status !== 200) return loadApp();
      // The server's redirect is already one of this site's paths (safeRedirect).
      const reply = JSON.parse(text) as {
        redirect?: string | null;
        pendingClaim?: unknown;
      };
      const destination = reply.redirect;
      // Something to ask or say first: the app's token page does.
      if (reply.pendingClaim || !destination) return loadApp();
      early.leaving = true;
      location.replace(destination);
    })
    // A reply this script cannot read is still the app's to show.
    .catch(loadApp);
} else {
  loadApp();
}
