import { paths } from '../../../shared/paths';
import { usePrintAccess } from './api';

export const PDF_FAILED = 'We could not prepare the PDF. Please try again.';

/** A same-site URL from the server's answer, else the print path. */
export function printUrl(url: string, id: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin === origin) return parsed.pathname + parsed.search;
  } catch {
    // fall through
  }
  return paths.print(id);
}

/**
 * The PDF button: POST print-access (it sets the print cookie), then open /print/{id}/ in a new
 * tab, which prints itself once loaded. The tab is opened at the click, before the request, so
 * popup blockers let it through; it is closed again if the request fails.
 */
export function usePdf(id: string, onError: (message: string) => void) {
  const access = usePrintAccess(id);
  const open = () => {
    if (access.isPending) return;
    const tab = window.open('', '_blank');
    access.mutate(undefined, {
      onSuccess: ({ url }) => {
        const target = printUrl(url, id, window.location.origin);
        if (tab) tab.location.href = target;
        else window.location.assign(target);
      },
      onError: () => {
        tab?.close();
        onError(PDF_FAILED);
      },
    });
  };
  return { open, pending: access.isPending };
}
