import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_FEATURES, FEATURES, isFeature } from './features.js';

describe('features (issue 26)', () => {
  it('knows each feature by its exact name and nothing else', () => {
    for (const feature of FEATURES) expect(isFeature(feature)).toBe(true);
    for (const value of ['view_reports', 'VIEW_REPORTS ', '', null, undefined, 1, ['VIEW_REPORTS']]) {
      expect(isFeature(value)).toBe(false);
    }
  });

  it('assigns every feature but the two pseudo-features', () => {
    expect(ASSIGNABLE_FEATURES).toEqual(
      FEATURES.filter((f) => f !== 'NO_FEATURE_REQUIRED' && f !== 'UNKNOWN_FEATURE_REQUIRED'),
    );
    expect(ASSIGNABLE_FEATURES).toContain('INTERNAL_ADMIN');
  });
});
