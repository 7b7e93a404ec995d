import { afterEach, describe, expect, it } from 'vitest';
import {
  attachGlobalEventId,
  clearGlobalError,
  getGlobalError,
  raiseGlobalError,
} from './global-error-store';

afterEach(() => clearGlobalError());

describe('global error store', () => {
  it('starts empty and holds a raised error until cleared', () => {
    expect(getGlobalError()).toBeNull();
    const seq = raiseGlobalError();
    expect(getGlobalError()).toEqual({ seq, eventId: undefined });
    clearGlobalError();
    expect(getGlobalError()).toBeNull();
  });

  it('attaches the event id of the shown error only', () => {
    const first = raiseGlobalError();
    attachGlobalEventId(first, 'evt-1');
    expect(getGlobalError()?.eventId).toBe('evt-1');
    clearGlobalError();
    const second = raiseGlobalError();
    // The first error's report arriving late must not label the second.
    attachGlobalEventId(first, 'evt-late');
    expect(getGlobalError()).toEqual({ seq: second, eventId: undefined });
  });

  it('keeps the first error while one is shown', () => {
    const first = raiseGlobalError();
    attachGlobalEventId(first, 'evt-1');
    expect(raiseGlobalError()).toBe(first);
    attachGlobalEventId(first, 'evt-2');
    expect(getGlobalError()?.eventId).toBe('evt-1');
  });
});
