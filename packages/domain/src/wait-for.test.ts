import { describe, expect, it } from 'vitest';
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
});
