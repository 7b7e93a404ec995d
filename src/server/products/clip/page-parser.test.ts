import { describe, expect, it } from 'vitest';
import { bigProductPage } from '../../../../tests/support/big-product-page';
import { CLIP_MESSAGES, ClipError } from './fetch-page';
import { createPageParser, parseThreads } from './page-parser';

describe('the parse pool', () => {
  it('sizes itself from the machine: a core left to the request thread, one to four workers', () => {
    expect([1, 2, 3, 5, 64].map(parseThreads)).toEqual([1, 1, 2, 4, 4]);
  });

  it('abandons a parse past its time limit with the clipper’s timeout message', async () => {
    // Starting a worker alone takes longer than this limit.
    const parser = createPageParser({ threads: 1, timeoutMs: 1 });
    try {
      const err = await parser
        .extract({ body: bigProductPage(), charset: undefined, pageUrl: 'http://shop.test/p/1' })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(ClipError);
      expect((err as ClipError).statusCode).toBe(422);
      expect((err as ClipError).message).toBe(CLIP_MESSAGES.timeout);
    } finally {
      await parser.close();
    }
  });
});
