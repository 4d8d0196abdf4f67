// Whether this process registered tracing (register.ts), and how to export what it buffered.
// Producers ask before paying for context propagation, so a portal without a collector does
// exactly what it did before.
let flush: (() => Promise<void>) | undefined;

export function markTracingOn(flushSpans: () => Promise<void>): void {
  flush = flushSpans;
}

export function tracingOn(): boolean {
  return flush !== undefined;
}

/** Exports the spans still buffered: a process stopping calls it before it exits. */
export async function flushTraces(): Promise<void> {
  await flush?.();
}
