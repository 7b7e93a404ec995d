import { createHash } from 'node:crypto';
import { expect, type APIResponse } from '@playwright/test';

/**
 * A built page's one script: inline, no file to wait for, and allowed by its hash in the reply's
 * policy, which allows no other inline script (decisions 0044, 0068, 0080). Gives its opening tag.
 */
export async function onlyInlineScript(reply: APIResponse): Promise<string> {
  const html = await reply.text();
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(tags).toHaveLength(1);
  expect(tags[0]).not.toContain(' src=');
  const code = /<script type="module"[^>]*>([\s\S]+?)<\/script>/.exec(html)![1]!;
  const hash = createHash('sha256').update(code).digest('base64');
  const policy = reply.headers()['content-security-policy'] ?? '';
  expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
  expect(policy.match(/'sha256-/g)).toHaveLength(1);
  return tags[0]!;
}
