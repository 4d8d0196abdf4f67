import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/messages.js';
import { dashboardFailureMessage, judgeFrame, tableauScale } from './dashboard-embed.js';

const complete = { readyState: 'complete' as const, status: 200, hasViewport: true };

describe('the frame check (SPEC.md §4, §9)', () => {
  it('is loaded when the document is complete with its viewport element and a 2xx status', () => {
    expect(judgeFrame(complete, 0)).toEqual({ result: 'loaded' });
    expect(judgeFrame({ ...complete, status: 0 }, 500)).toEqual({ result: 'loaded' });
  });

  it('fails at once on a status that is not 2xx', () => {
    expect(judgeFrame({ ...complete, status: 503 }, 0)).toEqual({ result: 'failed', status: 503 });
    expect(judgeFrame({ ...complete, status: 302 }, 0)).toEqual({ result: 'failed', status: 302 });
  });

  it('waits for the viewport up to 10 000 ms, then fails', () => {
    const noViewport = { ...complete, hasViewport: false };
    expect(judgeFrame(noViewport, 9_500)).toEqual({ result: 'wait' });
    expect(judgeFrame({ ...complete, readyState: 'loading' }, 500)).toEqual({ result: 'wait' });
    expect(judgeFrame(noViewport, 10_000)).toEqual({ result: 'failed', status: 200 });
  });

  it('shows the message of SPEC.md §8 for the status', () => {
    for (const status of [400, 404, 500, 503])
      expect(dashboardFailureMessage(status)).toBe(MESSAGES.dashboardUnavailable);
    for (const status of [0, 200, 401, 403, 502])
      expect(dashboardFailureMessage(status)).toBe(MESSAGES.dashboardError);
  });

  it('scales Tableau below 1830 px', () => {
    expect(tableauScale(1830)).toBe(1);
    expect(tableauScale(2400)).toBe(1);
    expect(tableauScale(915)).toBe(0.5);
  });

  // Issue 26: each edge of the status range, the time-out and the scale.
  it.each([
    [199, { result: 'failed', status: 199 }],
    [200, { result: 'loaded' }],
    [299, { result: 'loaded' }],
    [300, { result: 'failed', status: 300 }],
  ])('a frame answered %i is %o', (status, verdict) => {
    expect(judgeFrame({ ...complete, status }, 0)).toEqual(verdict);
  });

  it('waits for a complete document without its viewport, and for one with it still loading', () => {
    expect(judgeFrame({ ...complete, hasViewport: false }, 9_999)).toEqual({ result: 'wait' });
    expect(judgeFrame({ readyState: 'interactive', status: 0, hasViewport: true }, 9_999)).toEqual({
      result: 'wait',
    });
    expect(judgeFrame({ readyState: 'unknown', status: 0, hasViewport: false }, 10_000)).toEqual({
      result: 'failed',
      status: 0,
    });
  });

  it('scales just below 1830 px, and not for a width it cannot use', () => {
    expect(tableauScale(1829)).toBe(1829 / 1830);
    expect(tableauScale(1)).toBe(1 / 1830);
    expect(tableauScale(0)).toBe(1);
    expect(tableauScale(-5)).toBe(1);
  });
});
