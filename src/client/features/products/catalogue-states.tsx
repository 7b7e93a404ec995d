import { SearchX } from 'lucide-react';
import { ListEmpty } from '../../ui/list-states';
import { emptyMessage } from './catalogue-model';

export function CatalogueEmpty({ terms }: { terms: string }) {
  return (
    <ListEmpty icon={<SearchX size={26} aria-hidden="true" />} title={emptyMessage(terms)}>
      {terms !== '' ? 'Try fewer words, or another name for the product.' : null}
    </ListEmpty>
  );
}
