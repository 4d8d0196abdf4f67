import { describe, expect, it } from 'vitest';
import { deleteReportConfirmation, invalidMarketingFileType, leavingPortalText } from './messages.js';

describe('messages with a value in them (issue 26)', () => {
  it('words each as SPEC.md §8 does', () => {
    expect(invalidMarketingFileType('gif')).toBe('Invalid file type (gif) -- Please upload a PNG image.');
    expect(leavingPortalText('https://x.example')).toBe(
      'You are about to leave the portal. Are you sure you would like to continue to https://x.example?',
    );
    expect(deleteReportConfirmation('a.csv', '11/20/2026', '1.0 KB')).toBe(
      'Are you sure you want to delete a.csv (11/20/2026) (1.0 KB)?',
    );
  });
});
