// One delivery attempt: a POST to the address resolve.ts checked, and nothing else. Redirects are
// not followed (their target was never checked), and the response is read only as far as the
// delivery log keeps it.
import { type ClientRequest, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export type WebhookRequest = {
  url: URL;
  /** The checked address of the URL's host (resolveEndpoint). */
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxResponseBytes: number;
};

export type DeliveryResult = {
  /** null when no response came; a status with an error when the response broke off. */
  status: number | null;
  durationMs: number;
  /** At most maxResponseBytes of the response body. */
  responseBody: string;
  error?: string;
  /** The address a refusal was for (ForbiddenAddressError), kept out of `error`, which managers read. */
  refusedAddress?: string;
};

export function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

/** Never rejects: a network failure or timeout is a result with `error`. */
export function deliverWebhook(request: WebhookRequest): Promise<DeliveryResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let outgoing: ClientRequest | undefined;
    let status: number | null = null;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Closes the socket: what the receiver still sends is not read.
      outgoing?.destroy();
      resolve({
        status,
        durationMs: Math.round(performance.now() - started),
        responseBody: Buffer.concat(kept).toString('utf8'),
        ...(error === undefined ? {} : { error }),
      });
    };
    const timer = setTimeout(() => finish(`timed out after ${request.timeoutMs} ms`), request.timeoutMs);

    // The host name stays in the request (Host header, TLS server name and certificate check);
    // only the address it connects to is fixed. With autoSelectFamily, net asks for `all`.
    const { address, family } = request;
    const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const send = request.url.protocol === 'https:' ? httpsRequest : httpRequest;
    try {
      outgoing = send(request.url, {
        method: 'POST',
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
        },
        lookup: pinnedLookup,
        family,
        // A fresh agent: no pooled socket to another address, and no proxy from the environment.
        agent: false,
      });
    } catch (error) {
      finish(error instanceof Error ? error.message : String(error));
      return;
    }
    outgoing.on('error', (error) => finish(error.message));
    outgoing.on('response', (response) => {
      status = response.statusCode ?? null;
      response.on('data', (chunk: Buffer) => {
        const room = request.maxResponseBytes - keptBytes;
        kept.push(chunk.subarray(0, room));
        keptBytes += Math.min(room, chunk.length);
        if (keptBytes >= request.maxResponseBytes) finish();
      });
      response.on('end', () => finish());
      response.on('error', (error) => finish(error.message));
      response.on('close', () => finish(response.complete ? undefined : 'the response broke off'));
      if (request.maxResponseBytes <= 0) finish();
    });
    outgoing.end(request.body);
  });
}
