import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff';
import { storageKey } from './service';
import { contentTypes, docx, DOCUMENT_XML, WORD_MAIN, zip } from '../../../tests/api/support/zip';

describe('sniffFileType', () => {
  it('recognises the allowed types by content', () => {
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'png',
    );
    expect(sniffFileType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffFileType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFileType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(
      'doc',
    );
    expect(sniffFileType(docx())).toBe('docx');
    expect(sniffFileType(docx({ deflate: false }))).toBe('docx');
  });

  it('a .docx is a package whose content types name a Word main part it holds', () => {
    // Any zip with a word/ folder is not enough.
    expect(
      sniffFileType(zip({ 'word/document.xml': DOCUMENT_XML, 'payload.exe': 'MZ...' })),
    ).toBeUndefined();
    expect(
      sniffFileType(
        Buffer.concat([
          Buffer.from([0x50, 0x4b, 0x03, 0x04]),
          Buffer.from('....word/document.xml'),
        ]),
      ),
    ).toBeUndefined();
    // Content types naming a main part the package does not hold.
    expect(
      sniffFileType(
        zip({
          '[Content_Types].xml': contentTypes({ '/word/document.xml': WORD_MAIN }),
          'word/other.xml': DOCUMENT_XML,
        }),
      ),
    ).toBeUndefined();
    // Other OOXML packages: a macro-enabled document, a spreadsheet.
    expect(
      sniffFileType(
        zip({
          '[Content_Types].xml': contentTypes({
            '/word/document.xml': 'application/vnd.ms-word.document.macroEnabled.main+xml',
          }),
          'word/document.xml': DOCUMENT_XML,
        }),
      ),
    ).toBeUndefined();
    expect(
      sniffFileType(
        zip(
          {
            '[Content_Types].xml': contentTypes({
              '/xl/workbook.xml':
                'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
            }),
            'xl/workbook.xml': '<workbook/>',
            'word/document.xml': DOCUMENT_XML,
          },
          { deflate: true },
        ),
      ),
    ).toBeUndefined();
    // A truncated document is refused rather than read past its end.
    const whole = docx();
    expect(sniffFileType(whole.subarray(0, whole.length - 30))).toBeUndefined();
  });

  it('refuses a renamed script or an unrelated zip', () => {
    expect(sniffFileType(Buffer.from('<script>alert(1)</script>'))).toBeUndefined();
    expect(
      sniffFileType(
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('evil.exe')]),
      ),
    ).toBeUndefined();
    expect(sniffFileType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('storageKey (§7 name pattern)', () => {
  it('has the form {uuid}-{field}-NAME-{original}-NAME-.{ext}', () => {
    const key = storageKey('companyLogo', 'My Logo (final).PNG', 'png');
    expect(key).toMatch(/^[0-9a-f-]{36}-companyLogo-NAME-My_Logo_final-NAME-\.png$/);
  });

  it('keeps keys safe for any bucket or directory', () => {
    const key = storageKey('../x', '../../etc/passwd', 'pdf');
    expect(key).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(key).not.toContain('..');
  });
});
