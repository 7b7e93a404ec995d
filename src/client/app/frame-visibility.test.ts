import { describe, expect, it } from 'vitest';
import { frameFor } from './frame-visibility';

describe('frameFor', () => {
  it.each(['/', '/faq/', '/faq', '//faq//'])(
    'gives %s the compact top bar and no footer',
    (path) => {
      expect(frameFor(path)).toEqual({ header: 'compact', footer: false });
    },
  );

  it.each([
    '/create/',
    '/create',
    '/proposal/edit/abc123/',
    '/proposal/abc123/edit/',
    '/proposal/abc123/edit',
    '/plan/',
    '/plan/2/',
    '/print/abc123/',
  ])('hides the header and footer on %s', (path) => {
    expect(frameFor(path)).toEqual({ header: 'none', footer: false });
  });

  it.each([
    '/pros/',
    '/signup/',
    '/signin/',
    '/dashboard/',
    '/private/',
    '/proposal/abc123/',
    '/proposal/abc123/selections/',
    '/proposal/received/abc123/',
    '/allProducts/',
    '/no/such/page/',
    '/faqs/',
    '/creates/',
  ])('shows the full frame on %s', (path) => {
    expect(frameFor(path)).toEqual({ header: 'site', footer: true });
  });
});
