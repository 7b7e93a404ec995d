import { expect, type Page } from '@playwright/test';

/**
 * The first screen the server rendered (decisions 0040, 0066, 0067) has been taken over by the
 * app in place. A test that presses a control waits for it: a press whose mouse-down lands on the
 * server's copy and whose mouse-up lands on the app's, as the copy is swapped out on a busy
 * machine, makes no click anywhere (a press before the swap is replayed, one after it is the
 * app's).
 */
export async function takenOver(page: Page): Promise<void> {
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
}
