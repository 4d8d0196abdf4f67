import { expect, it } from 'vitest';
import { type Clock, systemClock } from './clock.js';

it("reads the system's time at each call, a new Date each time", () => {
  const clock: Clock = systemClock;
  const before = Date.now();
  const first = clock();
  const second = clock();
  const after = Date.now();
  expect(first).toBeInstanceOf(Date);
  expect(second).not.toBe(first);
  for (const read of [first, second]) {
    expect(read.getTime()).toBeGreaterThanOrEqual(before);
    expect(read.getTime()).toBeLessThanOrEqual(after);
  }
  expect(second.getTime()).toBeGreaterThanOrEqual(first.getTime());
});
