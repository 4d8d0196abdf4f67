import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitOnSignal, SHUTDOWN_DEADLINE_MS } from './shutdown.js';

function harness(stop: () => Promise<void>, deadlineMs?: number) {
  const listeners = new Map<string, (signal: NodeJS.Signals) => void>();
  const exits: number[] = [];
  const logs: [string, object, string][] = [];
  const logger = {
    info: (details: object, message: string) => logs.push(['info', details, message]),
    error: (details: object, message: string) => logs.push(['error', details, message]),
  };
  const proc = {
    on: (signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void) =>
      listeners.set(signal, listener),
    exit: (code: number) => {
      exits.push(code);
    },
  };
  exitOnSignal({ logger, stopping: 'finishing the work in hand', stop, process: proc, deadlineMs });
  const signal = (name: NodeJS.Signals) => listeners.get(name)?.(name);
  return { listeners, exits, logs, signal };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('exitOnSignal', () => {
  it('stops once on SIGTERM, logs why, then exits 0', async () => {
    const stop = vi.fn(async () => {});
    const h = harness(stop);
    expect([...h.listeners.keys()]).toEqual(['SIGTERM', 'SIGINT']);
    h.signal('SIGTERM');
    h.signal('SIGINT');
    await vi.waitFor(() => expect(h.exits).toEqual([0]));
    expect(stop).toHaveBeenCalledTimes(1);
    expect(h.logs).toEqual([['info', { signal: 'SIGTERM' }, 'stopping: finishing the work in hand']]);
  });

  it('stops on SIGINT too', async () => {
    const h = harness(async () => {});
    h.signal('SIGINT');
    await vi.waitFor(() => expect(h.exits).toEqual([0]));
    expect(h.logs[0]?.[1]).toEqual({ signal: 'SIGINT' });
  });

  it('exits 1 when the stop fails, logging the error', async () => {
    const failure = new Error('pool would not close');
    const h = harness(async () => {
      throw failure;
    });
    h.signal('SIGTERM');
    await vi.waitFor(() => expect(h.exits).toEqual([1]));
    expect(h.logs[1]).toEqual(['error', { err: failure }, 'stop failed']);
  });

  it('exits 1 at the deadline when the stop has not ended, not a moment before', () => {
    vi.useFakeTimers();
    const h = harness(() => new Promise<void>(() => {}), 1000);
    h.signal('SIGTERM');
    vi.advanceTimersByTime(999);
    expect(h.exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(h.exits).toEqual([1]);
    expect(h.logs[1]).toEqual(['error', { deadlineMs: 1000 }, 'stop took too long; exiting']);
  });

  it('waits 9.5 s by default, within the 10 s before an orchestrator kills', () => {
    vi.useFakeTimers();
    const h = harness(() => new Promise<void>(() => {}));
    h.signal('SIGTERM');
    vi.advanceTimersByTime(SHUTDOWN_DEADLINE_MS - 1);
    expect(h.exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(h.exits).toEqual([1]);
    expect(SHUTDOWN_DEADLINE_MS).toBe(9500);
  });

  it('does not hold the process open with its deadline timer', () => {
    const unref = vi.fn();
    const timeout = vi.spyOn(globalThis, 'setTimeout').mockReturnValue({ unref } as never);
    try {
      harness(() => new Promise<void>(() => {})).signal('SIGTERM');
      expect(unref).toHaveBeenCalledTimes(1);
    } finally {
      timeout.mockRestore();
    }
  });
});
