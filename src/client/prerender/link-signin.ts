/*
 * The first script of the e-mail link's page (/signin/{token}/, decision 0068), a few hundred
 * bytes beside the app's entry: it posts the link's token at once instead of after the app has
 * arrived and started, which on a phone is a second or more, and loads the page the server
 * names for the link: a proposal's comes rendered (decisions 0040, 0066, 0067), and any other is
 * as soon loaded as rendered by an app still on its way. What else a link may meet (an old link,
 * a proposal to add) is the app's token page's to show, with this answer: the token is spent.
 */
import { startEarlySignin, type EarlyAnswer } from '../lib/early-signin';

const match = /^\/signin\/([^/]+)\/?$/.exec(location.pathname);
if (match?.[1]) {
  const token = decodeURIComponent(match[1]);
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
  void answer.then(({ status, text }) => {
    if (status !== 200) return;
    // The server's redirect is already one of this site's paths (safeRedirect).
    const reply = JSON.parse(text) as { redirect?: string | null; pendingClaim?: unknown };
    const destination = reply.redirect;
    if (reply.pendingClaim || !destination) return;
    early.leaving = true;
    location.replace(destination);
  });
}
