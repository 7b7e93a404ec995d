import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** What a browser runs: no type, a module or JavaScript (not a JSON data block). */
const RUNS = /^(?:module|(?:text|application)\/javascript)?$/i;

/**
 * The CSP sources that allow a page's inline scripts by their hashes: the built pages' one
 * script (the landing's and the rendered proposal pages' island, the e-mail link page's script)
 * and those of the API reference's page.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\bsrc=/.test(attributes) || body.trim() === '') continue;
    if (!RUNS.test(/\btype="([^"]*)"/.exec(attributes)?.[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** Lets this reply's page run its inline scripts, and no other (decisions 0044, 0068, 0080). */
export function allowInlineScripts(reply: FastifyReply, hashes: readonly string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (hashes.length > 0 && typeof policy === 'string')
    reply.header(
      'content-security-policy',
      policy.replace(/script-src 'self'/, `script-src 'self' ${hashes.join(' ')}`),
    );
}
