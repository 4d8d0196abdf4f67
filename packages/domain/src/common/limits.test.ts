import { describe, expect, it } from 'vitest';
import { isViewableFile, UNSUBSCRIBE_RATE_LIMIT, WEBHOOK_SEND_LIMITS } from './limits.js';

describe('viewable files (issue 26)', () => {
  it.each([
    ['report.csv', true],
    ['Report.XLSX', true],
    ['old.xls', true],
    ['archive.csv.zip', false],
    ['statement.pdf', false],
    ['csv', true],
    ['noextension', false],
    ['', false],
  ])('%o can be previewed: %s', (name, viewable) => expect(isViewableFile(name)).toBe(viewable));
});

describe('rate limits of the webhook buttons and the unsubscribe link', () => {
  it('sends by hand: 10 per endpoint a minute and 100 per user an hour', () => {
    expect(WEBHOOK_SEND_LIMITS).toEqual({
      perEndpoint: { max: 10, timeWindowMs: 60_000 },
      perUser: { max: 100, timeWindowMs: 3_600_000 },
    });
  });

  it('unsubscribe: 30 per client address a minute', () => {
    expect(UNSUBSCRIBE_RATE_LIMIT).toEqual({ max: 30, timeWindowMs: 60_000 });
  });
});
