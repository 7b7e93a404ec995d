/** The parse pool's task (decision 0026): runs in a worker thread, never on the request thread. */
import { type ExtractedProduct, type PageBytes, extractFromBytes } from './extract';

export default function parsePage(page: PageBytes): ExtractedProduct {
  return extractFromBytes(page);
}
