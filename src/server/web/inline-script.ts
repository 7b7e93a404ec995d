import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The CSP source that allows a built page's one inline module script (the landing's and the
 * rendered proposal pages' island, the e-mail link page's script) by its hash, or undefined
 * when the page has none.
 */
export function inlineScriptHash(html: string): string | undefined {
  const script = /<script type="module"[^>]*>([\s\S]+?)<\/script>/.exec(html)?.[1];
  return script && `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** Lets this reply's page run its inline script, and no other (decisions 0044, 0068, 0080). */
export function allowInlineScript(reply: FastifyReply, hash: string | undefined): void {
  const policy = reply.getHeader('content-security-policy');
  if (hash && typeof policy === 'string')
    reply.header(
      'content-security-policy',
      policy.replace(/script-src 'self'/, `script-src 'self' ${hash}`),
    );
}
