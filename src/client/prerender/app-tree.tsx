import { StrictMode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { Providers } from '../app/providers';

/**
 * The app's root element. The browser (main.tsx) and the landing prerender (landing.tsx) render
 * this same tree, so hydration finds the same markup and the same `useId` values.
 */
export function AppTree({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
