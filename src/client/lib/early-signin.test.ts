import { describe, expect, it } from 'vitest';
import { startEarlySignin, takeEarlySignin } from './early-signin';

/** Decision 0068: the link page's first script hands its sign-in to the app's token page. */
describe('early sign-in', () => {
  it("is taken once, by the page of the same link's token", async () => {
    const answer = Promise.resolve({ status: 200, text: '{}' });
    startEarlySignin('token-a', answer);
    expect(takeEarlySignin('token-b')).toBeUndefined();
    const taken = takeEarlySignin('token-a');
    expect(taken?.token).toBe('token-a');
    await expect(taken?.answer).resolves.toEqual({ status: 200, text: '{}' });
    expect(takeEarlySignin('token-a')).toBeUndefined();
  });
});
