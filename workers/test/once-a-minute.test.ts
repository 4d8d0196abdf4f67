import { expect, it } from 'vitest';
import { onceAMinute } from '../src/observability/once-a-minute.js';

it('passes an error on once a minute by the clock it is given, and a new message at once', () => {
  let at = Date.parse('2026-12-06T10:00:00Z');
  const reported: string[] = [];
  const report = onceAMinute(
    (error) => reported.push(error.message),
    () => new Date(at),
  );
  const lost = new Error('connect ECONNREFUSED 127.0.0.1:6379');

  report(lost);
  at += 59_999;
  report(lost);
  expect(reported).toEqual([lost.message]);

  report(new Error('READONLY'));
  expect(reported).toEqual([lost.message, 'READONLY']);

  report(lost);
  at += 60_000;
  report(lost);
  report(lost);
  expect(reported).toEqual([lost.message, 'READONLY', lost.message, lost.message]);
});
