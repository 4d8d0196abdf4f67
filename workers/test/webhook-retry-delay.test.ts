import { webhooksDeliver } from '@portal/queue';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_RETRY_BASE_MS } from '../src/config.js';
import { backoffStrategy, WEBHOOK_RETRY_CAP_MS, webhookRetryDelay } from '../src/webhooks/retry-delay.js';

describe('webhook retries', () => {
  it('double from the base, each wait capped at 6 hours', () => {
    expect([1, 2, 3, 4].map((n) => webhookRetryDelay(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(webhookRetryDelay(10, 30_000)).toBe(30_000 * 512);
    expect(webhookRetryDelay(11, 30_000)).toBe(WEBHOOK_RETRY_CAP_MS);
    expect(webhookRetryDelay(40, 30_000)).toBe(WEBHOOK_RETRY_CAP_MS);
  });

  it('go on for more than 24 hours with the default base', () => {
    let total = 0;
    for (let failed = 1; failed < webhooksDeliver.attempts; failed += 1) {
      total += webhookRetryDelay(failed, DEFAULT_WEBHOOK_RETRY_BASE_MS);
    }
    expect(total).toBeGreaterThan(24 * 60 * 60 * 1000);
    expect(total).toBeLessThan(48 * 60 * 60 * 1000);
  });

  it('answer only for the webhook backoff type', () => {
    const strategy = backoffStrategy(50);
    expect(strategy(3, webhooksDeliver.backoff.type)).toBe(200);
    expect(() => strategy(1, 'linear')).toThrow('Unknown backoff type "linear"');
  });
});
