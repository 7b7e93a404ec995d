/*
 * The wizard's save shortcut (decision 0022): Ctrl+Enter, or Cmd+Enter on a Mac, triggers the
 * bottom bar's 'Create Proposal' / 'Update Proposal'.
 */

export function isSaveShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  );
}

const isApple = (userAgent: string) => /Mac|iPhone|iPad/.test(userAgent);

/** The keys the hint shows and the aria-keyshortcuts value for this platform. */
export function saveShortcutText(userAgent: string): { keys: string[]; aria: string } {
  return isApple(userAgent)
    ? { keys: ['⌘', 'Enter'], aria: 'Meta+Enter' }
    : { keys: ['Ctrl', 'Enter'], aria: 'Control+Enter' };
}
