import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type OtlpReceiver, startOtlpReceiver } from '@portal/testing/otlp-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The register file as the processes load it (`node --import`), in a process of its own: with no
// endpoint nothing is registered; with one, a log line written inside a handler carries the trace
// id of the handler's span, and that span reaches the collector under the process's name.

const fixture = fileURLToPath(new URL('./fixtures/handler-log.ts', import.meta.url));

type Run = { code: number | null; lines: Record<string, unknown>[]; stderr: string };

function run(env: Record<string, string>): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', '@portal/telemetry/register-api', fixture],
    { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.on('exit', (code) =>
      resolve({
        code,
        stderr,
        lines: stdout
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      }),
    ),
  );
}

const resultOf = (run: Run) =>
  run.lines.find((line) => 'result' in line)?.result as {
    traceId: string | null;
    tracing: boolean;
    pgWrapped: boolean;
  };
const handlerLine = (run: Run) => run.lines.find((line) => line.msg === 'inside the handler');

describe('the register file', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('registers nothing without an endpoint: no provider, no patched module, no ids in the logs', async () => {
    const result = await run({});
    expect(result.code).toBe(0);
    expect(resultOf(result)).toEqual({ traceId: null, tracing: false, pgWrapped: false });
    expect(handlerLine(result)).toBeDefined();
    expect(handlerLine(result)).not.toHaveProperty('trace_id');
  });

  it("puts the handler span's trace id on the log line written inside it, and exports the span", async () => {
    const result = await run({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    expect(result.code, result.stderr).toBe(0);
    const { traceId, tracing, pgWrapped } = resultOf(result);
    expect(tracing).toBe(true);
    expect(pgWrapped).toBe(true);
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(handlerLine(result)).toMatchObject({
      trace_id: traceId,
      span_id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const request = receiver.spans.find((span) => span.traceId === traceId && span.name === 'request');
    expect(request).toMatchObject({
      service: 'portal-api',
      parentSpanId: '',
      attributes: { 'http.route': '/work' },
    });
  });

  it('stops the process on a wrong value, naming the variable', async () => {
    const result = await run({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_TRACES_SAMPLER: 'often',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration: OTEL_TRACES_SAMPLER: "often" is not supported');
  });
});
