import { describe, expect, it } from 'vitest';
import {
  deliveryAfterAttempt,
  type EndpointHealth,
  endpointAfterAttempt,
  HEALTHY_ENDPOINT,
  WEBHOOK_BACKOFF_AFTER_FAILURES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_CAP_MS,
  webhookGiveUpAfterMs,
  webhookRetryDelay,
} from './webhook-schedule.js';

const BASE = 30_000;
const HOUR = 3_600_000;
const t0 = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const rules = { retryBaseMs: BASE, disableAfterFailures: 3 };

describe('webhookRetryDelay', () => {
  it('doubles from the base, each wait capped at 6 hours', () => {
    expect(WEBHOOK_RETRY_CAP_MS).toBe(6 * HOUR);
    expect([0, 1, 2, 3, 4].map((n) => webhookRetryDelay(n, BASE))).toEqual([
      30_000, 30_000, 60_000, 120_000, 240_000,
    ]);
    expect(webhookRetryDelay(10, BASE)).toBe(BASE * 512);
    expect(webhookRetryDelay(11, BASE)).toBe(WEBHOOK_RETRY_CAP_MS);
    expect(webhookRetryDelay(40, BASE)).toBe(WEBHOOK_RETRY_CAP_MS);
    expect(webhookRetryDelay(3, 50)).toBe(200);
  });
});

describe('webhookGiveUpAfterMs', () => {
  it('is the waits between 15 attempts: about 32.5 h with the 30 s base', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(15);
    expect(webhookGiveUpAfterMs(BASE)).toBe(30_000 * (2 ** 10 - 1) + 4 * 6 * HOUR);
    expect(webhookGiveUpAfterMs(BASE) / HOUR).toBeCloseTo(32.525, 3);
    expect(webhookGiveUpAfterMs(50)).toBe(50 * (2 ** 14 - 1));
  });
});

describe('deliveryAfterAttempt', () => {
  const fresh = { roundAttempts: 0, firstDueAt: t0 };

  it('is done once an attempt succeeds, whenever it comes', () => {
    expect(deliveryAfterAttempt(fresh, { succeeded: true, at: at(5) }, BASE)).toEqual({
      status: 'succeeded',
      roundAttempts: 1,
    });
    expect(
      deliveryAfterAttempt(
        { roundAttempts: 14, firstDueAt: t0 },
        { succeeded: true, at: at(40 * HOUR) },
        BASE,
      ),
    ).toEqual({ status: 'succeeded', roundAttempts: 15 });
  });

  it('tries a failed delivery again after its own doubling wait', () => {
    expect(deliveryAfterAttempt(fresh, { succeeded: false, at: at(1000) }, BASE)).toEqual({
      status: 'pending',
      roundAttempts: 1,
      nextAttemptAt: at(1000 + 30_000),
    });
    expect(
      deliveryAfterAttempt({ roundAttempts: 3, firstDueAt: t0 }, { succeeded: false, at: at(HOUR) }, BASE),
    ).toEqual({ status: 'pending', roundAttempts: 4, nextAttemptAt: at(HOUR + 240_000) });
  });

  it('follows the schedule to 15 attempts, the last at its give-up time', () => {
    let round = fresh;
    let now = t0;
    const times: number[] = [];
    for (;;) {
      times.push(now.getTime() - t0.getTime());
      const next = deliveryAfterAttempt(round, { succeeded: false, at: now }, BASE);
      if (next.status !== 'pending') {
        expect(next).toEqual({ status: 'failed', roundAttempts: 15 });
        break;
      }
      round = { roundAttempts: next.roundAttempts, firstDueAt: t0 };
      now = next.nextAttemptAt;
    }
    expect(times).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(times.at(-1)).toBe(webhookGiveUpAfterMs(BASE));
  });

  it('counts its time, not its attempts: probes may try it more often before then', () => {
    const probed = deliveryAfterAttempt(
      { roundAttempts: 20, firstDueAt: t0 },
      { succeeded: false, at: at(HOUR) },
      BASE,
    );
    expect(probed).toEqual({
      status: 'pending',
      roundAttempts: 21,
      nextAttemptAt: at(HOUR + WEBHOOK_RETRY_CAP_MS),
    });
  });

  it('never waits past its give-up time, and gives up an attempt made at or after it', () => {
    const giveUpAt = webhookGiveUpAfterMs(BASE);
    const late = (ms: number) =>
      deliveryAfterAttempt({ roundAttempts: 2, firstDueAt: t0 }, { succeeded: false, at: at(ms) }, BASE);
    expect(late(giveUpAt - 1)).toEqual({ status: 'pending', roundAttempts: 3, nextAttemptAt: at(giveUpAt) });
    expect(late(giveUpAt - 120_001)).toEqual({
      status: 'pending',
      roundAttempts: 3,
      nextAttemptAt: at(giveUpAt - 1),
    });
    expect(late(giveUpAt)).toEqual({ status: 'failed', roundAttempts: 3 });
    expect(late(giveUpAt + 1)).toEqual({ status: 'failed', roundAttempts: 3 });
  });
});

describe('endpointAfterAttempt', () => {
  const fail = (ms: number, probe = false) => ({
    succeeded: false,
    probe,
    startedAt: at(ms - 10),
    at: at(ms),
  });
  const succeed = (ms: number, probe = false) => ({
    succeeded: true,
    probe,
    startedAt: at(ms - 10),
    at: at(ms),
  });

  /** The health after failures at each of `times` (ms after t0), none of them probes. */
  function failingAt(times: number[], start: EndpointHealth = HEALTHY_ENDPOINT) {
    let health = start;
    const steps = times.map((ms) => {
      const next = endpointAfterAttempt(health, fail(ms), rules);
      health = next.health;
      return next;
    });
    return { health, steps };
  }

  it('counts failures in a row from the first one, without backing off before the fifth', () => {
    expect(WEBHOOK_BACKOFF_AFTER_FAILURES).toBe(5);
    const { health, steps } = failingAt([100, 200, 300, 400]);
    expect(health).toEqual({
      enabled: true,
      consecutiveFailures: 4,
      failingSince: at(90),
      nextProbeAt: null,
      probeFailures: 0,
    });
    expect(steps.every((step) => !step.backedOffNow && !step.disabledNow)).toBe(true);
  });

  it('backs off at the fifth failure in a row: the first probe goes a retry base later', () => {
    const { health } = failingAt([100, 200, 300, 400]);
    const fifth = endpointAfterAttempt(health, fail(500), rules);
    expect(fifth).toEqual({
      health: {
        enabled: true,
        consecutiveFailures: 5,
        failingSince: at(90),
        nextProbeAt: at(500 + BASE),
        probeFailures: 0,
      },
      backedOffNow: true,
      disabledNow: false,
    });
  });

  it('moves the next probe along the retry schedule at each failed probe', () => {
    const { health } = failingAt([1, 2, 3, 4, 5]);
    const first = endpointAfterAttempt(health, fail(BASE + 5, true), rules);
    expect(first).toEqual({
      health: { ...health, consecutiveFailures: 6, probeFailures: 1, nextProbeAt: at(BASE + 5 + 60_000) },
      backedOffNow: false,
      disabledNow: false,
    });
    const second = endpointAfterAttempt(first.health, fail(100_000, true), rules);
    expect(second.health).toMatchObject({ probeFailures: 2, nextProbeAt: at(100_000 + 120_000) });
  });

  it('neither counts nor moves the probe for an attempt that was in flight when it backed off', () => {
    const { health } = failingAt([1, 2, 3, 4, 5]);
    const straggler = endpointAfterAttempt(health, fail(7_000), rules);
    expect(straggler).toEqual({
      health: { ...health, consecutiveFailures: 6 },
      backedOffNow: false,
      disabledNow: false,
    });
  });

  it('disables the endpoint at the failed probe that reaches the limit, and only then', () => {
    let { health } = failingAt([1, 2, 3, 4, 5]);
    const outcomes = [1, 2, 3].map((n) => {
      const next = endpointAfterAttempt(health, fail(n * HOUR, true), rules);
      health = next.health;
      return next;
    });
    expect(outcomes.map((o) => [o.health.probeFailures, o.health.enabled, o.disabledNow])).toEqual([
      [1, true, false],
      [2, true, false],
      [3, false, true],
    ]);
    expect(health.consecutiveFailures).toBe(8);
    // Disabled: more failures are counted, never disabling it twice or moving a probe.
    const after = endpointAfterAttempt(health, fail(4 * HOUR, true), rules);
    expect(after).toEqual({
      health: { ...health, consecutiveFailures: 9 },
      backedOffNow: false,
      disabledNow: false,
    });
  });

  it('does not back off a disabled endpoint', () => {
    const disabled = { ...HEALTHY_ENDPOINT, enabled: false, consecutiveFailures: 4, failingSince: t0 };
    expect(endpointAfterAttempt(disabled, fail(10), rules)).toEqual({
      health: { ...disabled, consecutiveFailures: 5 },
      backedOffNow: false,
      disabledNow: false,
    });
  });

  it('ends the run of failures and the backing off at any success, probe or not', () => {
    const { health } = failingAt([1, 2, 3, 4, 5]);
    for (const probe of [true, false]) {
      expect(endpointAfterAttempt(health, succeed(9_000, probe), rules)).toEqual({
        health: HEALTHY_ENDPOINT,
        backedOffNow: false,
        disabledNow: false,
      });
    }
    const disabled = { ...health, enabled: false };
    expect(endpointAfterAttempt(disabled, succeed(9_000), rules).health).toEqual({
      ...HEALTHY_ENDPOINT,
      enabled: false,
    });
  });

  it('keeps the start of a run through later failures', () => {
    const { health } = failingAt([100, 5_000, 9_000]);
    expect(health.failingSince).toEqual(at(90));
  });
});
