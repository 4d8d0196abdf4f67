import { describe, expect, it } from 'vitest';
import { showEasternDateTime } from './form-dates.js';

describe('showEasternDateTime', () => {
  it('shows an instant as MM/dd/yyyy and the time in Eastern Time, EST in winter and EDT in summer', () => {
    expect(showEasternDateTime('2026-11-25T01:00:00.000Z')).toBe('11/24/2026 8:00 PM');
    expect(showEasternDateTime('2026-07-01T00:05:00.000Z')).toBe('06/30/2026 8:05 PM');
  });

  it('reads midnight and noon as 12', () => {
    expect(showEasternDateTime('2026-11-25T05:00:00.000Z')).toBe('11/25/2026 12:00 AM');
    expect(showEasternDateTime('2026-11-25T17:30:00.000Z')).toBe('11/25/2026 12:30 PM');
  });
});
