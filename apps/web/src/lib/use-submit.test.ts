import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api.js';
import { useSubmit } from './use-submit.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('is busy while the call runs, then hands its answer to done and settles', async () => {
    const { result } = renderHook(() => useSubmit());
    const call = deferred<{ id: number }>();
    const done = vi.fn();
    const failed = vi.fn();
    const settled = vi.fn();
    expect(result.current.busy).toBe(false);
    let submitted: Promise<void> = Promise.resolve();
    act(() => {
      submitted = result.current.submit(() => call.promise, { done, failed, settled });
    });
    expect(result.current.busy).toBe(true);
    expect(done).not.toHaveBeenCalled();
    await act(async () => {
      call.resolve({ id: 7 });
      await submitted;
    });
    expect(result.current.busy).toBe(false);
    expect(done).toHaveBeenCalledWith({ id: 7 });
    expect(failed).not.toHaveBeenCalled();
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('hands a failure to failed, a failure of done too, and is no longer busy', async () => {
    const { result } = renderHook(() => useSubmit());
    const refusal = new ApiError(409, 'Taken', { message: 'Taken' });
    const failed = vi.fn();
    const settled = vi.fn();
    await act(() => result.current.submit(() => Promise.reject(refusal), { failed, settled }));
    expect(failed).toHaveBeenCalledWith(refusal);
    expect(settled).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);

    const broken = new Error('no list');
    await act(() =>
      result.current.submit(async () => 1, {
        done: () => {
          throw broken;
        },
        failed,
      }),
    );
    expect(failed).toHaveBeenLastCalledWith(broken);
  });

  it('shows nothing for a failure that sent the browser to sign in, but still settles', async () => {
    const { result } = renderHook(() => useSubmit());
    const leaving = new ApiError(401, 'Unauthorized', undefined, '/login');
    const failed = vi.fn();
    const settled = vi.fn();
    await act(() => result.current.submit(() => Promise.reject(leaving), { failed, settled }));
    expect(failed).not.toHaveBeenCalled();
    expect(settled).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
  });
});
