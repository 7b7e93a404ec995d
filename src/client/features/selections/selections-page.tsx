import { useParams } from 'react-router';
import { CurrencyProvider } from '../../ui/currency-context';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession } from '../auth/api';
import { PrivateRedirect } from '../viewer/private-redirect';
import { shopPageLost, useSelectionsPage } from './api';
import { ShopPage } from './shop-page';

/**
 * /proposal/{id}/selections/ (docs/product/selections.md): the owner's, a member's or, for a public proposal, anyone's
 * shop page. Logged-out visitors may try everything; nothing they do is saved. When loading
 * fails the visitor goes to /private/, as on the viewer.
 */
export function Component() {
  const { id = '' } = useParams();
  const session = useSession();
  const query = useSelectionsPage(id);

  if (shopPageLost(query)) return <PrivateRedirect />;
  // Whether changes are saved depends on the session, so wait for both.
  if (!query.data || session.isLoading) return <PageSpinner label="Loading selections…" fill />;
  return (
    <CurrencyProvider currency={query.data.currency}>
      <ShopPage key={id} data={query.data} view="contractor" user={session.user} />
    </CurrencyProvider>
  );
}
