import { SearchX } from 'lucide-react';
import { ApiRequestError } from '../../lib/api';
import { ListEmpty } from '../../ui/list-states';
import { emptyMessage } from './catalogue-model';

/** The server's readable message for a failed call, or `fallback` for anything else. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message.trim()) return error.message;
  return fallback;
}

export function CatalogueEmpty({ terms }: { terms: string }) {
  return (
    <ListEmpty icon={<SearchX size={26} aria-hidden="true" />} title={emptyMessage(terms)}>
      {terms !== '' ? 'Try fewer words, or another name for the product.' : null}
    </ListEmpty>
  );
}
