import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession } from '../auth/api';
import { useProposal } from '../proposals/api';
import { usePresetHelpSettled } from './preset-help';
import { PrivateRedirect } from './private-redirect';
import { Viewer } from './viewer';
import './print.css';
import { accessLost } from '../../lib/api';

/**
 * Resolves once every image on the page has loaded or failed, so the printout has them all.
 * Lazy images far down the page would never load without scrolling: they are loaded now.
 */
function imagesSettled(root: ParentNode): Promise<void> {
  const images = Array.from(root.querySelectorAll('img'));
  for (const img of images) img.loading = 'eager';
  const pending = images.filter((img) => !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/**
 * /print/{id}/ (docs/product/viewer.md): the proposal for printing, every accordion open, no menus or bars. The
 * server lets it load only for members or with the print cookie set by the PDF button; anything
 * else is a load failure and goes to /private/. It opens the print dialog once, when loaded.
 */
export function Component() {
  const { id = '' } = useParams();
  const session = useSession();
  const query = useProposal(id);
  const printed = useRef(false);
  // Every group is open in print, so the groups' help texts (loaded apart) come first. If they
  // cannot be loaded, it prints without them: they explain the preset groups in general and are
  // not part of what was signed (signing/content.ts), so a reader printing a signed proposal for
  // their records wants it now rather than a spinner or an error that withholds all of it.
  const helpSettled = usePresetHelpSettled();
  const ready = query.data !== undefined && !session.isLoading && helpSettled;

  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    let cancelled = false;
    void imagesSettled(document).then(() => {
      if (!cancelled) window.print();
    });
    return () => {
      cancelled = true;
      printed.current = false;
    };
  }, [ready]);

  if (accessLost(query.error)) return <PrivateRedirect />;
  if (ready) {
    const view = query.data.access.role === 'homeowner' ? 'received' : 'contractor';
    return <Viewer proposal={query.data} view={view} mode="print" user={session.user} />;
  }
  if (query.isError) return <PrivateRedirect />;
  return <PageSpinner label="Preparing the printable proposal…" />;
}
