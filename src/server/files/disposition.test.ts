import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName, isInlineType } from './disposition';

describe('content disposition (RFC 6266)', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Devis n°1 (final).pdf')).toBe(
      `attachment; filename="Devis n_1 (final).pdf"; filename*=UTF-8''Devis%20n%C2%B01%20%28final%29.pdf`,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const header = contentDisposition('attachment', 'a"\\\r\nb.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a____b.pdf"')).toBe(true);
  });

  it('names the download by what the file is, and shows only raster images inline', () => {
    expect(downloadName('scan.png', 'application/pdf')).toBe('scan.pdf');
    expect(downloadName('.hidden', 'image/png')).toBe('file.png');
    expect(isInlineType('image/png')).toBe(true);
    expect(isInlineType('image/svg+xml')).toBe(false);
    expect(isInlineType('text/html')).toBe(false);
    expect(isInlineType('application/pdf')).toBe(false);
  });
});
