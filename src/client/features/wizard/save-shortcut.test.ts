import { describe, expect, it } from 'vitest';
import { isSaveShortcut, saveShortcutText } from './save-shortcut';

const key = (over: Partial<KeyboardEvent>) => ({
  key: 'Enter',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...over,
});

describe('isSaveShortcut', () => {
  it('is Ctrl+Enter or Cmd+Enter', () => {
    expect(isSaveShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSaveShortcut(key({ metaKey: true }))).toBe(true);
  });

  it('is not Enter alone, another key, or with Alt or Shift', () => {
    expect(isSaveShortcut(key({}))).toBe(false);
    expect(isSaveShortcut(key({ key: 's', ctrlKey: true }))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});

describe('saveShortcutText', () => {
  it('names Cmd on a Mac and Ctrl elsewhere', () => {
    expect(saveShortcutText('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toEqual({
      keys: ['⌘', 'Enter'],
      aria: 'Meta+Enter',
    });
    expect(saveShortcutText('Mozilla/5.0 (X11; Linux x86_64)')).toEqual({
      keys: ['Ctrl', 'Enter'],
      aria: 'Control+Enter',
    });
  });
});
