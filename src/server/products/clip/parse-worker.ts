/** The parse pool's tasks (decision 0026): run in a worker thread, never on the request thread. */
import { type ExtractedProduct, type PageBytes, extractFromBytes } from './extract';
import { extractSettledHead } from './head-first';
import {
  type ClipOutcome,
  type ClipRequest,
  type ImageRequest,
  clipTask,
  imageTask,
} from './clip-task';

export default function parsePage(page: PageBytes): ExtractedProduct {
  return extractFromBytes(page);
}

/** The product from the page's first bytes when its head settles it (decision 0034), else null. */
export function parseHead(page: PageBytes): ExtractedProduct | null {
  return extractSettledHead(page);
}

/** A whole clip, fetch included, so the page never passes through the request thread (decision 0047). */
export function clip(request: ClipRequest): Promise<ClipOutcome> {
  return clipTask(request);
}

/** A product photo, fetched behind the same guard (decision 0052). */
export function fetchImage(request: ImageRequest): ReturnType<typeof imageTask> {
  return imageTask(request);
}
