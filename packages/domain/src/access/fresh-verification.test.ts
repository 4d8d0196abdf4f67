import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasFreshVerification } from './fresh-verification.js';

const verifiedAt = new Date('2026-03-01T12:00:00Z');
const at = (minutesAfter: number) => verifiedAt.getTime() + minutesAfter * 60_000;
const external = { isExternalUser: true, humanVerifiedAt: verifiedAt };

describe('a fresh human verification', () => {
  it.each<[string, boolean | null, Date | null, number, boolean]>([
    ['internal, never verified', false, null, at(60), true],
    ['external, never verified', true, null, at(0), false],
    ['unknown (treated as external), never verified', null, null, at(0), false],
    ['external, just verified', true, verifiedAt, at(0), true],
    ['external, within the minutes', true, verifiedAt, at(4), true],
    ['external, at the last moment', true, verifiedAt, at(5), true],
    ['external, a millisecond late', true, verifiedAt, at(5) + 1, false],
    ['external, verified in the future (a clock step back)', true, verifiedAt, at(0) - 1, false],
  ])('%s', (_, isExternalUser, humanVerifiedAt, now, fresh) => {
    expect(hasFreshVerification({ isExternalUser, humanVerifiedAt }, 5, now)).toBe(fresh);
  });

  it('lasts exactly the minutes given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: -120 * 60_000, max: 120 * 60_000 }),
        (minutes, age) => {
          const now = verifiedAt.getTime() + age;
          expect(hasFreshVerification(external, minutes, now)).toBe(age >= 0 && age <= minutes * 60_000);
        },
      ),
    );
  });
});
