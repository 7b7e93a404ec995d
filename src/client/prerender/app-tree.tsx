import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { Providers } from '../app/providers';

/**
 * The app's root element. The browser (main.tsx) and the landing prerender (landing.tsx) render
 * this same tree (the viewer's server render too, with its own query client), so hydration finds the same markup and the same `useId` values.
 */
export function AppTree({ router, client }: { router: DataRouter; client?: QueryClient }) {
  return (
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
