import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { normaliseTerms, termsFromParams, withTerms } from './catalogue-model';

/**
 * The search box of /allProducts/: what is typed (`input`) and, 400 ms after the last keystroke
 * (docs/product/constants.md), the terms that are queried (`terms`). The terms live in the URL's `searchTerms` so a search
 * can be shared and survives a reload; the URL is replaced, not pushed, so Back leaves the page
 * instead of stepping through every word typed.
 */
export function useCatalogueSearch() {
  const [params, setParams] = useSearchParams();
  const fromUrl = termsFromParams(params);
  const [input, setInput] = useState(fromUrl);
  const [terms, setTerms] = useState(() => normaliseTerms(fromUrl));
  const [seenUrl, setSeenUrl] = useState(fromUrl);

  // A link followed while on the page (the header, the shop page) changes the URL under us: its
  // terms replace the typed ones at once. Our own writes match `terms` and change nothing.
  if (fromUrl !== seenUrl) {
    setSeenUrl(fromUrl);
    if (normaliseTerms(fromUrl) !== terms) {
      setInput(fromUrl);
      setTerms(normaliseTerms(fromUrl));
    }
  }

  useEffect(() => {
    const timer = setTimeout(() => setTerms(normaliseTerms(input)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  useEffect(() => {
    if (terms === normaliseTerms(fromUrl)) return;
    setParams((current) => withTerms(current, terms), { replace: true, preventScrollReset: true });
  }, [terms, fromUrl, setParams]);

  /** Enter in the search box: no need to wait for the pause. */
  const searchNow = () => setTerms(normaliseTerms(input));

  return { input, setInput, terms, searchNow };
}
