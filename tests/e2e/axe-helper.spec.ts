import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * The axe helper judges the screen as it ends up, not a frame of a fade: what it reports must be
 * what a person sees once the screen has settled. Pages written here, so the fade is long enough
 * to be caught every time.
 */

const html = (style: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>Fade</title><style>${style}</style></head>` +
  `<body><main><h1>Fade</h1>${body}</main></body></html>`;

test('a dialog fading in is judged once it has faded in', async ({ page }) => {
  await page.setContent(
    html(
      '@keyframes fade { from { opacity: 0.1 } to { opacity: 1 } }' +
        '[role=dialog] { animation: fade 4s linear; color: #222; background: #fff }',
      '<div role="dialog" aria-label="Remove Jane?"><p>Jane will no longer see it.</p></div>',
    ),
  );
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'a dialog fading in');
});

test('a spinner that never stops does not hold the helper up', async ({ page }) => {
  await page.setContent(
    html(
      '@keyframes spin { to { transform: rotate(360deg) } }' +
        '.spinner { display: inline-block; width: 1rem; height: 1rem; border: 2px solid #222;' +
        ' animation: spin 0.9s linear infinite }',
      '<p>Loading <span class="spinner" aria-hidden="true"></span></p>',
    ),
  );
  await expectNoAxeViolations(page, 'a page with a spinner');
});
