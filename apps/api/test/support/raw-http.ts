import { connect } from 'node:net';

// HTTP/1.1 written by hand on a socket: the request line goes out exactly as given (absolute form,
// `//`, dot segments, odd escapes), which no HTTP client library lets through unchanged.

export type RawReply = { status: number; headers: Record<string, string>; body: string };

export type RawRequest = {
  method: string;
  /** The request target as sent: `/api/users`, `http://127.0.0.1:8000/api/users`, `/%61pi/users`. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's address, on loopback (127.x.y.z): the server's per-address limits count it alone. */
  localAddress?: string;
};

export function rawRequest(port: number, request: RawRequest): Promise<RawReply> {
  const body = request.body ?? '';
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...request.headers,
    ...(body && { 'content-length': String(Buffer.byteLength(body)) }),
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: request.localAddress });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () =>
      socket.destroy(new Error(`no answer to ${request.method} ${request.target}`)),
    );
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseReply(Buffer.concat(chunks), request.method === 'HEAD'));
      } catch (error) {
        reject(error);
      }
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

function parseReply(bytes: Buffer, head: boolean): RawReply {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0)
    throw new Error(`not an HTTP reply: ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`);
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) throw new Error(`not a status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = head ? Buffer.alloc(0) : bytes.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') rest = unchunk(rest);
  return { status, headers, body: rest.toString('utf8') };
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf('\r\n', at);
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
