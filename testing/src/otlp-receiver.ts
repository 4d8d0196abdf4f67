import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real OTLP/HTTP receiver for tests and benchmarks: it answers every POST to /v1/traces as a
// collector does, decodes what came as http/json into spans, and counts what came as protobuf.

export type ReceivedSpan = {
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
};

export type OtlpReceiver = {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Export requests received (either protocol), and their bytes. */
  requests: number;
  bytes: number;
  close(): Promise<void>;
};

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type KeyValue = { key: string; value: AnyValue };
type JsonTraces = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: KeyValue[];
      }[];
    }[];
  }[];
};

const plainValue = (value: AnyValue) =>
  value.stringValue ??
  value.boolValue ??
  value.doubleValue ??
  (value.intValue === undefined ? undefined : Number(value.intValue));

const attributesOf = (list: KeyValue[] = []) =>
  Object.fromEntries(list.map((kv) => [kv.key, plainValue(kv.value)]));

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes one OTLP/JSON export request into spans. */
export function decodeJsonTraces(body: JsonTraces): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind ?? 0,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: Omit<OtlpReceiver, 'endpoint' | 'close'> = { spans: [], requests: 0, bytes: 0 };
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    receiver.requests += 1;
    receiver.bytes += body.length;
    const json = String(request.headers['content-type'] ?? '').startsWith('application/json');
    if (json) receiver.spans.push(...decodeJsonTraces(JSON.parse(body.toString('utf8')) as JsonTraces));
    response.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
    response.end(json ? '{}' : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
