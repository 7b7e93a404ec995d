import { createBrowserRouter, type RouteObject } from 'react-router';
import { routePatterns as r } from '../../shared/paths';
import { Layout } from './layout';
import { RequireAuth } from './require-auth';
import { PageSpinner } from '../ui/page-spinner';
import { RouteErrorPage } from '../features/errors/route-error-page';

/*
 * Every screen is its own chunk (`lazy`), so a visitor of the landing page downloads
 * none of the dashboard or the editor. Each page module exports `Component`.
 */
const publicRoutes: RouteObject[] = [
  { path: r.home, lazy: () => import('../features/public/landing-page') },
  { path: r.pros, lazy: () => import('../features/public/pros-page') },
  { path: r.faq, lazy: () => import('../features/public/faq-page') },
  { path: r.private, lazy: () => import('../features/public/private-page') },
  { path: r.error, lazy: () => import('../features/errors/raise-error-page') },
  { path: r.signup, lazy: () => import('../features/auth/auth-page') },
  { path: r.signin, lazy: () => import('../features/auth/auth-page') },
  { path: r.signinToken, lazy: () => import('../features/auth/token-page') },
  { path: r.success, lazy: () => import('../features/auth/success-page') },
  { path: r.logout, lazy: () => import('../features/auth/logout-page') },
  // Asks first, then says what it did, by then logged out: the page checks the session itself.
  { path: r.logoutEverywhere, lazy: () => import('../features/auth/logout-everywhere-page') },
  // The wizard works logged out too (docs/product/proposals-editor.md Create flow): the proposal is claimed after sign-up.
  { path: r.create, lazy: () => import('../features/wizard/create-page') },
  { path: r.proposalSignup, lazy: () => import('../features/wizard/claim-page') },
  { path: r.proposalLogin, lazy: () => import('../features/wizard/claim-page') },
  { path: r.proposalSent, lazy: () => import('../features/wizard/sent-page') },
  // Public proposals are readable logged out; the page sends everyone else to /private/.
  { path: r.proposal, lazy: () => import('../features/viewer/proposal-page') },
  // Logged-out visitors of a public proposal may try shopping; nothing they do is saved.
  { path: r.proposalSelections, lazy: () => import('../features/selections/selections-page') },
  { path: r.allProducts, lazy: () => import('../features/products/all-products-page') },
  // The server lets it load for members or with the print cookie; otherwise /private/.
  { path: r.print, lazy: () => import('../features/viewer/print-page') },
  // The link in a comment e-mail: it names the person, so no sign-in (decision 0097).
  { path: r.commentEmails, lazy: () => import('../features/comment-emails/comment-emails-page') },
];

const signedInRoutes: RouteObject[] = [
  { path: r.dashboard, lazy: () => import('../features/dashboard/dashboard-page') },
  { path: r.account, lazy: () => import('../features/account/account-page') },
  { path: r.proposalEdit, lazy: () => import('../features/wizard/edit-page') },
  { path: r.proposalEditAlt, lazy: () => import('../features/wizard/edit-page') },
  { path: r.proposalReceived, lazy: () => import('../features/viewer/received-page') },
  {
    path: r.proposalReceivedSelections,
    lazy: () => import('../features/selections/received-selections-page'),
  },
  { path: r.proposalSend, lazy: () => import('../features/sending/send-page') },
  { path: r.proposalSign, lazy: () => import('../features/signing/sign-page') },
  { path: r.proposalSigned, lazy: () => import('../features/signing/signed-page') },
  { path: r.proposalLog, lazy: () => import('../features/signing/log-page') },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: signedInRoutes },
          { path: '*', lazy: () => import('../features/errors/not-found-page') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
