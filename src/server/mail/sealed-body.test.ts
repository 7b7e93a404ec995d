import { describe, expect, it } from 'vitest';
import { mailBodyKey, openBody, sealBody } from './sealed-body';

describe('sealed mail bodies', () => {
  const key = mailBodyKey('k'.repeat(32));
  const body = { html: '<a href="/signin/?token=SECRET">Log in</a>', text: 'token=SECRET' };

  it('opens what it sealed, and the sealed text holds nothing of the body', () => {
    const sealed = sealBody(key, 'row-1', body);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('SECRET');
    expect(openBody(key, 'row-1', sealed)).toEqual(body);
    expect(sealBody(key, 'row-1', body)).not.toBe(sealed);
  });

  it('refuses another key, another row, or a changed byte', () => {
    const sealed = sealBody(key, 'row-1', body);
    expect(() => openBody(mailBodyKey('o'.repeat(32)), 'row-1', sealed)).toThrow();
    expect(() => openBody(key, 'row-2', sealed)).toThrow();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[2]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[2] = flipped.toString('base64url');
    expect(() => openBody(key, 'row-1', parts.join('.'))).toThrow();
  });
});
