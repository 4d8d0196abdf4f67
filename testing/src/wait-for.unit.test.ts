import { describe, expect, it, vi } from 'vitest';
import { waitFor } from './wait-for.js';

describe('waitFor', () => {
  it('returns the first value the check gives, polling until then', async () => {
    let calls = 0;
    const value = await waitFor('the third call', () => (++calls === 3 ? 'ready' : undefined), 1000, 1);
    expect(value).toBe('ready');
    expect(calls).toBe(3);
  });

  it('fails after its bound, naming what it waited for', async () => {
    await expect(waitFor('nothing', async () => false, 20, 5)).rejects.toThrow(
      'Timed out after 20 ms waiting for nothing',
    );
  });

  it('returns a falsy value that is not false or undefined, such as 0 or an empty string (issue 26)', async () => {
    expect(await waitFor('zero', () => 0, 50, 1)).toBe(0);
    expect(await waitFor('empty', async () => '', 50, 1)).toBe('');
    expect(await waitFor('null', () => null, 50, 1)).toBeNull();
  });

  it('checks at least once even with no time at all', async () => {
    let calls = 0;
    const never = () => {
      calls += 1;
      return false;
    };
    await expect(waitFor('never', never, 0, 1)).rejects.toThrow('Timed out after 0 ms');
    expect(calls).toBeGreaterThanOrEqual(1);
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): the bound is "after timeoutMs", so a check
// that fails at exactly the deadline gets one more try. Fake timers make "exactly" reachable.
describe('waitFor at its deadline', () => {
  it('polls once more when a check fails at exactly the deadline', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      // Calls at 0, 50 and 100 ms (the deadline) fail; the one at 150 ms succeeds.
      const waiting = waitFor('the fourth call', () => (++calls === 4 ? 'ready' : false), 100, 50);
      await vi.advanceTimersByTimeAsync(150);
      await expect(waiting).resolves.toBe('ready');
      expect(calls).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
