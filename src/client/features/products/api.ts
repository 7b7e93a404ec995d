import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { useProposalCurrency } from '../../ui/currency-context';
import type { ProposalCurrency } from '../../../shared/domain/currency';
import { products } from '../../../shared/api/client-routes';
import { PRODUCT_PAGE_SIZE, SUGGESTED_OPTIONS } from '../../../shared/constants';
import type {
  CreateProductRequest,
  ManualProductData,
  Product,
  ShownProduct,
} from '../../../shared/schemas/products';

/* The product calls of docs/product/catalogue.md: catalogue list, suggestions by item name, clip, manual add, edit. */

export const productKeys = {
  all: ['products'] as const,
  list: (searchTerms: string, currency: ProposalCurrency) =>
    [...productKeys.all, 'list', searchTerms, currency] as const,
  byName: (name: string, excluded: readonly string[], currency: ProposalCurrency | null) =>
    [...productKeys.all, 'byName', name, [...excluded].sort().join(','), currency] as const,
};

/**
 * docs/product/catalogue.md product list: 8 a page, appended; stops when a page has fewer than 8. While a new search
 * loads, the previous results stay (flagged `isPlaceholderData`) so the grid does not collapse.
 */
export function useProductList(searchTerms: string, currency: ProposalCurrency) {
  return useInfiniteQuery({
    queryKey: productKeys.list(searchTerms, currency),
    initialPageParam: 1,
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam, signal }) =>
      call(
        products.list,
        { query: { limit: PRODUCT_PAGE_SIZE, page: pageParam, searchTerms, currency } },
        { signal },
      ),
    getNextPageParam: (last, _all, lastPage) =>
      last.length < PRODUCT_PAGE_SIZE ? undefined : lastPage + 1,
  });
}

/**
 * Up to 4 catalogue products for an item, excluding the products already its options. When the
 * options change, the previous list stays until the new one arrives (the caller filters out what
 * the item now has), so the suggestions do not vanish and the page does not jump. Products in the
 * proposal's currency (CurrencyProvider of the page) come first (decision 0021).
 */
export function useSuggestions(
  itemName: string,
  excludedProductIds: readonly string[],
  enabled = true,
) {
  const currency = useProposalCurrency();
  return useQuery({
    queryKey: productKeys.byName(itemName, excludedProductIds, currency),
    queryFn: async ({ signal }) => {
      const list = await call(
        products.byName,
        {
          params: { name: itemName },
          query: currency ? { currency } : {},
          body: { selections: excludedProductIds.map((productId) => ({ productId })) },
        },
        { signal },
      );
      return list.slice(0, SUGGESTED_OPTIONS);
    },
    enabled: enabled && itemName.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const createProduct = (body: CreateProductRequest, signal?: AbortSignal) =>
  call(products.create, { body }, { signal });

export const clipProduct = (url: string, signal?: AbortSignal) => createProduct({ url }, signal);

export function useUpdateProduct() {
  return useMutation({
    mutationFn: ({
      product,
      data,
    }: {
      product: Product;
      data: ManualProductData;
    }): Promise<Product> =>
      call(products.update, {
        params: { id: product._id },
        body: { ...data, expected: shownOf(product) },
      }),
  });
}

/** What the edit form showed: the server refuses the save when the product changed since. */
const shownOf = ({ title, url, image, priceCents, currency }: Product): ShownProduct => ({
  title,
  url,
  image,
  priceCents,
  currency,
});
