import { Navigate, useParams } from 'react-router';
import { paths, receivedIt } from '../../../shared/paths';
import { CurrencyProvider } from '../../ui/currency-context';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession } from '../auth/api';
import { PrivateRedirect } from '../viewer/private-redirect';
import { shopPageLost, useSelectionsPage } from './api';
import { ShopPage } from './shop-page';

/**
 * /proposal/received/{id}/selections/ (docs/product/selections.md): the homeowner's shop page, for
 * those the proposal was sent or shared to, whatever their account's role (decision 0093); anyone
 * else goes to /signin/ (docs/product/roles.md); when loading fails, /private/.
 */
export function Component() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useSelectionsPage(user ? id : undefined);

  if (!user) return <Navigate to={paths.signin()} replace />;
  if (shopPageLost(query)) return <PrivateRedirect />;
  if (!query.data) return <PageSpinner label="Loading selections…" fill />;
  if (!receivedIt(query.data.access.role)) return <Navigate to={paths.signin()} replace />;
  return (
    <CurrencyProvider currency={query.data.currency}>
      <ShopPage key={id} data={query.data} view="received" user={user} />
    </CurrencyProvider>
  );
}
