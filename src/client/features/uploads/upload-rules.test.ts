import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../../shared/constants';
import {
  DOCUMENT_TYPE_ERROR,
  IMAGE_TYPE_ERROR,
  acceptAttribute,
  checkFile,
  extensionOf,
  formatFileSize,
  isImageFile,
  shouldCompress,
} from './upload-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('acceptAttribute', () => {
  it('lists image types only for logo and photo', () => {
    const accept = acceptAttribute('image');
    expect(accept).toContain('.png');
    expect(accept).not.toContain('.pdf');
  });
  it('lists the §5 photos and documents for big picture and plan', () => {
    expect(acceptAttribute('document').split(',').slice(0, 7)).toEqual([
      '.jpeg',
      '.jpg',
      '.gif',
      '.png',
      '.pdf',
      '.doc',
      '.docx',
    ]);
  });
});

describe('checkFile', () => {
  it('accepts images in both kinds of field', () => {
    expect(checkFile(file('a.JPG', 'image/jpeg'), 'image')).toEqual({ ok: true });
    expect(checkFile(file('a.gif', 'image/gif'), 'document')).toEqual({ ok: true });
  });
  it('refuses documents where only images are allowed', () => {
    expect(checkFile(file('plan.pdf', 'application/pdf'), 'image')).toMatchObject({
      ok: false,
      reason: 'type',
      message: IMAGE_TYPE_ERROR,
    });
  });
  it('accepts Word files without a MIME type by their extension', () => {
    expect(checkFile(file('scope.docx', ''), 'document')).toEqual({ ok: true });
  });
  it('refuses other types', () => {
    expect(checkFile(file('x.svg', 'image/svg+xml'), 'document')).toMatchObject({
      message: DOCUMENT_TYPE_ERROR,
    });
  });
  it('refuses a file over 15 MB with the exact alert text', () => {
    expect(checkFile(file('big.png', 'image/png', UPLOAD_MAX_BYTES + 1), 'image')).toEqual({
      ok: false,
      reason: 'too-big',
      message: UPLOAD_TOO_BIG,
    });
    expect(checkFile(file('ok.png', 'image/png', UPLOAD_MAX_BYTES), 'image')).toEqual({ ok: true });
    expect(UPLOAD_TOO_BIG).toBe('The file you are trying to upload is bigger than 15MB');
  });
});

describe('shouldCompress', () => {
  it('compresses JPEG and PNG, not GIF or documents', () => {
    expect(shouldCompress(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(shouldCompress(file('a.png', 'image/png'))).toBe(true);
    expect(shouldCompress(file('a.gif', 'image/gif'))).toBe(false);
    expect(shouldCompress(file('a.pdf', 'application/pdf'))).toBe(false);
    expect(shouldCompress(file('a.jpeg', ''))).toBe(true);
  });
});

describe('helpers', () => {
  it('reads extensions', () => {
    expect(extensionOf('Photo.Final.JPEG')).toBe('jpeg');
    expect(extensionOf('README')).toBe('');
  });
  it('tells images from documents', () => {
    expect(isImageFile({ contentType: 'image/png', originalName: 'x' })).toBe(true);
    expect(isImageFile({ contentType: 'application/pdf', originalName: 'x.png' })).toBe(false);
    expect(isImageFile({ contentType: '', originalName: 'x.png' })).toBe(true);
  });
  it('formats sizes', () => {
    expect(formatFileSize(2_500_000)).toBe('2.4 MB');
    expect(formatFileSize(300)).toBe('1 KB');
  });
});
