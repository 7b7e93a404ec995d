import { Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { CurrencyProvider } from '../../ui/currency-context';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession } from '../auth/api';
import { PrivateRedirect } from '../viewer/private-redirect';
import { shopPageLost, useSelectionsPage } from './api';
import { ShopPage } from './shop-page';

/**
 * /proposal/received/{id}/selections/ (docs/product/selections.md): the homeowner's shop page. Homeowners only (docs/product/roles.md: a
 * role mismatch goes to /signin/); when loading fails, /private/.
 */
export function Component() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const isHomeowner = user?.role === 'homeowner';
  const query = useSelectionsPage(isHomeowner ? id : undefined);

  if (!isHomeowner) return <Navigate to={paths.signin()} replace />;
  if (shopPageLost(query)) return <PrivateRedirect />;
  if (!query.data) return <PageSpinner label="Loading selections…" fill />;
  return (
    <CurrencyProvider currency={query.data.currency}>
      <ShopPage key={id} data={query.data} view="received" user={user} />
    </CurrencyProvider>
  );
}
