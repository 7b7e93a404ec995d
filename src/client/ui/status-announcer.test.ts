import { describe, expect, it } from 'vitest';
import { createAnnouncer } from './status-announcer';

describe('createAnnouncer', () => {
  it('changes the live region for the same words said again, so they are read again', () => {
    const announcer = createAnnouncer();
    let told = 0;
    announcer.subscribe(() => (told += 1));
    const said: string[] = [];
    for (const message of ['Option removed.', 'Option removed.', 'Option removed.', 'Saved.']) {
      announcer.announce(message);
      said.push(announcer.current());
    }
    expect(said[0]).toBe('Option removed.');
    expect(said[1]).not.toBe(said[0]);
    expect(said[1]!.trim()).toBe('Option removed.');
    expect(said[2]).not.toBe(said[1]);
    expect(said[3]).toBe('Saved.');
    expect(told).toBe(4);
  });
});
