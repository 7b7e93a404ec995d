import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../lib/api';

/** A query client with the app's defaults; the server renders each page with one of its own. */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; retrying them only delays the message the user needs.
        retry: (count, err) =>
          !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

export const queryClient = newQueryClient();

/** `client`: the browser's one client unless given (a server render brings its own per request). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client ?? queryClient}>{children}</QueryClientProvider>;
}
