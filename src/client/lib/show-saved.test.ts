import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { showSaved } from './show-saved';

type Page = { options: string[] };
const key = ['page'];

/** A query whose first read answers at once and whose later reads wait for `answer`. */
async function cachedPage(first: Page) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers: ((page: Page) => void)[] = [];
  let reads = 0;
  const observer = new QueryObserver(qc, {
    queryKey: key,
    queryFn: ({ signal }) => {
      reads += 1;
      if (reads === 1) return Promise.resolve(first);
      return new Promise<Page>((resolve, reject) => {
        answers.push(resolve);
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    },
  });
  const stop = observer.subscribe(() => {});
  await expect.poll(() => qc.getQueryData<Page>(key)).toEqual(first);
  return { qc, answers, reads: () => reads, stop };
}

const shown = (qc: QueryClient) => qc.getQueryData<Page>(key)?.options;
const add = (option: string) => (old: Page) => ({ options: [...old.options, option] });

describe('showSaved', () => {
  it('keeps a stored change that a read answered before it would have dropped', async () => {
    const page = await cachedPage({ options: [] });
    // Another change's reload goes out, and is answered with the page as it was then.
    void page.qc.invalidateQueries({ queryKey: key });
    expect(page.reads()).toBe(2);
    await showSaved(page.qc, key, add('Tap X'));
    expect(shown(page.qc)).toEqual(['Tap X']);
    // That older read was stopped, and a new one asked; its answer has the change.
    page.answers[0]!({ options: [] });
    expect(page.reads()).toBe(3);
    page.answers[1]!({ options: ['Tap X'] });
    await expect.poll(() => page.qc.isFetching({ queryKey: key })).toBe(0);
    expect(shown(page.qc)).toEqual(['Tap X']);
    page.stop();
  });

  it('with no read on its way, only shows the change', async () => {
    const page = await cachedPage({ options: ['Sink'] });
    await showSaved(page.qc, key, add('Tap X'));
    expect(shown(page.qc)).toEqual(['Sink', 'Tap X']);
    expect(page.reads()).toBe(1);
    page.stop();
  });
});
