import { describe, expect, it } from 'vitest';
import { BufferPool, giveBack } from '../src/buffer-pool.js';

describe('BufferPool', () => {
  it('hands out a separate buffer to each taker while none is given back', () => {
    const pool = new BufferPool(16);
    const a = pool.take();
    const b = pool.take();
    expect(a.buffer).not.toBe(b.buffer);
    expect(a.length).toBe(16);
    expect(pool.inUse).toBe(2);
  });

  it('reads into a buffer again once a part of it is given back', () => {
    const pool = new BufferPool(16);
    const a = pool.take();
    giveBack(a.subarray(0, 5));
    expect(pool.inUse).toBe(0);
    const again = pool.take();
    expect(again.buffer).toBe(a.buffer);
    expect(again.length).toBe(16);
  });

  it('counts a buffer given back twice once, so two takers never share it', () => {
    const pool = new BufferPool(16);
    const a = pool.take();
    giveBack(a);
    giveBack(a);
    const first = pool.take();
    const second = pool.take();
    expect(first.buffer).toBe(a.buffer);
    expect(second.buffer).not.toBe(a.buffer);
  });

  it('ignores memory it never handed out, and buffers of another pool stay with theirs', () => {
    const pool = new BufferPool(16);
    const other = new BufferPool(16);
    giveBack(Buffer.alloc(16));
    const theirs = other.take();
    giveBack(theirs);
    expect(pool.take().buffer).not.toBe(theirs.buffer);
    expect(other.take().buffer).toBe(theirs.buffer);
  });

  it('keeps at most `keep` buffers for reuse', () => {
    const pool = new BufferPool(16, 1);
    const a = pool.take();
    const b = pool.take();
    giveBack(a);
    giveBack(b);
    const c = pool.take();
    const d = pool.take();
    expect(c.buffer).toBe(a.buffer);
    expect(d.buffer).not.toBe(b.buffer);
  });
});
