import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  crc32Base64,
  decodeAwsChunked,
  errorDocument,
  failedChecksum,
  md5Hex,
  parseCompleteParts,
  xmlDocument,
  xmlElement,
} from './s3-stand-in-wire.js';

// A minimal local stand-in for Amazon S3, path-style addressing only (http://host/{bucket}/{key}).
// It follows the Amazon Simple Storage Service API Reference, API version 2006-03-01
// (https://docs.aws.amazon.com/AmazonS3/latest/API/Welcome.html): the operations PutObject,
// GetObject, HeadObject, DeleteObject, ListObjectsV2, CreateMultipartUpload, UploadPart,
// CompleteMultipartUpload and AbortMultipartUpload, the error responses of "Error responses"
// (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html), the aws-chunked
// encoding of "Signature Calculations for the Authorization Header: Transferring Payload in
// Multiple Chunks" (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html) with
// trailing checksums, and the 5 MiB minimum part size of "Amazon S3 multipart upload limits"
// (https://docs.aws.amazon.com/AmazonS3/latest/userguide/qfacts.html). Signatures are not
// verified; a request without a SigV4 Authorization header is refused with AccessDenied.

export const MIN_PART_SIZE = 5 * 1024 * 1024;

type StoredObject = {
  data: Buffer;
  etag: string;
  contentType: string;
  lastModified: Date;
  metadata: Record<string, string>;
  crc32?: string;
};
type PendingUpload = {
  bucket: string;
  key: string;
  contentType: string;
  parts: Map<number, { data: Buffer; etag: string }>;
};
export type StandInRequest = {
  operation: string;
  bucket: string;
  key?: string;
  bytes?: number;
  awsChunked?: boolean;
};

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class S3StandIn {
  readonly requests: StandInRequest[] = [];
  readonly buckets = new Map<string, Map<string, StoredObject>>();
  readonly uploads = new Map<string, PendingUpload>();
  #server: Server | undefined;

  constructor(buckets: string[] = []) {
    for (const bucket of buckets) this.buckets.set(bucket, new Map());
  }

  /** Listens on a free port of 127.0.0.1 and returns the endpoint URL. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        const failure = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
        this.#sendError(req, res, failure);
      });
    });
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  operations(): string[] {
    return this.requests.map((r) => r.operation);
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const bucket = decodeURIComponent(bucketName);
    // '/bucket' and '/bucket/' both address the bucket itself.
    const key = keyParts.join('/') ? keyParts.map(decodeURIComponent).join('/') : undefined;
    const query = url.searchParams;
    const body = await readBody(req);
    if (!/^AWS4-HMAC-SHA256 Credential=\S+/.test(req.headers.authorization ?? '')) {
      throw new S3Error(403, 'AccessDenied', 'Access Denied');
    }
    const objects = this.buckets.get(bucket);
    if (!bucket) throw new S3Error(501, 'NotImplemented', 'ListBuckets is not part of this stand-in');
    if (key === undefined && req.method === 'PUT') {
      this.#log('CreateBucket', bucket);
      if (!objects) this.buckets.set(bucket, new Map());
      return send(res, 200, '');
    }
    if (!objects) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (key === undefined) {
      if (req.method === 'GET' && query.get('list-type') === '2')
        return this.#list(res, bucket, objects, query);
      throw new S3Error(501, 'NotImplemented', `${req.method} on a bucket is not part of this stand-in`);
    }
    const uploadId = query.get('uploadId');
    switch (req.method) {
      case 'PUT':
        if (uploadId !== null) return this.#uploadPart(req, res, bucket, key, uploadId, query, body);
        if (req.headers['x-amz-copy-source'])
          throw new S3Error(501, 'NotImplemented', 'CopyObject is not supported');
        return this.#putObject(req, res, bucket, key, objects, body);
      case 'GET':
      case 'HEAD':
        return this.#getObject(req, res, bucket, key, objects);
      case 'DELETE':
        if (uploadId !== null) return this.#abort(res, bucket, key, uploadId);
        this.#log('DeleteObject', bucket, key);
        objects.delete(key);
        return send(res, 204, '');
      case 'POST':
        if (query.has('uploads')) return this.#createMultipart(req, res, bucket, key);
        if (uploadId !== null) return this.#complete(res, bucket, key, uploadId, objects, body);
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  #putObject(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    key: string,
    objects: Map<string, StoredObject>,
    body: Buffer,
  ): void {
    const data = payload(req, body);
    this.#log('PutObject', bucket, key, data.length);
    if (isAwsChunked(req)) (this.requests.at(-1) as StandInRequest).awsChunked = true;
    const object: StoredObject = {
      data,
      etag: `"${md5Hex(data)}"`,
      contentType: req.headers['content-type'] ?? 'binary/octet-stream',
      lastModified: new Date(),
      metadata: metadataOf(req),
      crc32: crc32Base64(data),
    };
    objects.set(key, object);
    send(res, 200, '', { ETag: object.etag });
  }

  #getObject(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    key: string,
    objects: Map<string, StoredObject>,
  ): void {
    this.#log(req.method === 'HEAD' ? 'HeadObject' : 'GetObject', bucket, key);
    const object = objects.get(key);
    if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    const headers: Record<string, string> = {
      ETag: object.etag,
      'Content-Type': object.contentType,
      'Content-Length': String(object.data.length),
      'Last-Modified': object.lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
    };
    for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
    if (object.crc32 && req.headers['x-amz-checksum-mode'] === 'ENABLED') {
      headers['x-amz-checksum-crc32'] = object.crc32;
      headers['x-amz-checksum-type'] = 'FULL_OBJECT';
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : object.data);
  }

  #list(
    res: ServerResponse,
    bucket: string,
    objects: Map<string, StoredObject>,
    query: URLSearchParams,
  ): void {
    this.#log('ListObjectsV2', bucket);
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000);
    const token = query.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString() : (query.get('start-after') ?? '');
    const urlEncoded = query.get('encoding-type') === 'url';
    const matching = [...objects.keys()]
      .filter((k) => k.startsWith(prefix) && Buffer.compare(Buffer.from(k), Buffer.from(after)) > 0)
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = matching.slice(0, maxKeys);
    const truncated = matching.length > page.length;
    const encode = (text: string) => (urlEncoded ? encodeURIComponent(text).replaceAll('%2F', '/') : text);
    const contents = page.map((k) => {
      const object = objects.get(k) as StoredObject;
      return `<Contents>${[
        xmlElement('Key', encode(k)),
        xmlElement('LastModified', object.lastModified.toISOString()),
        xmlElement('ETag', object.etag),
        xmlElement('Size', object.data.length),
        xmlElement('StorageClass', 'STANDARD'),
      ].join('')}</Contents>`;
    });
    const fields = [
      xmlElement('Name', bucket),
      xmlElement('Prefix', encode(prefix)),
      xmlElement('KeyCount', page.length),
      xmlElement('MaxKeys', maxKeys),
      xmlElement('IsTruncated', truncated),
      ...contents,
    ];
    if (token) fields.push(xmlElement('ContinuationToken', token));
    if (truncated)
      fields.push(xmlElement('NextContinuationToken', Buffer.from(page.at(-1) ?? '').toString('base64url')));
    if (urlEncoded) fields.push(xmlElement('EncodingType', 'url'));
    send(res, 200, xmlDocument('ListBucketResult', fields.join('')), { 'Content-Type': 'application/xml' });
  }

  #createMultipart(req: IncomingMessage, res: ServerResponse, bucket: string, key: string): void {
    this.#log('CreateMultipartUpload', bucket, key);
    const uploadId = randomUUID();
    const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
    this.uploads.set(uploadId, { bucket, key, contentType, parts: new Map() });
    const fields = [xmlElement('Bucket', bucket), xmlElement('Key', key), xmlElement('UploadId', uploadId)];
    send(res, 200, xmlDocument('InitiateMultipartUploadResult', fields.join('')), {
      'Content-Type': 'application/xml',
    });
  }

  #uploadPart(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    key: string,
    uploadId: string,
    query: URLSearchParams,
    body: Buffer,
  ): void {
    const upload = this.#pending(bucket, key, uploadId);
    const partNumber = Number(query.get('partNumber'));
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
      throw new S3Error(
        400,
        'InvalidArgument',
        'Part number must be an integer between 1 and 10000, inclusive',
      );
    }
    const data = payload(req, body);
    this.#log('UploadPart', bucket, key, data.length);
    const etag = `"${md5Hex(data)}"`;
    upload.parts.set(partNumber, { data, etag });
    send(res, 200, '', { ETag: etag });
  }

  #complete(
    res: ServerResponse,
    bucket: string,
    key: string,
    uploadId: string,
    objects: Map<string, StoredObject>,
    body: Buffer,
  ): void {
    this.#log('CompleteMultipartUpload', bucket, key);
    const upload = this.#pending(bucket, key, uploadId);
    const listed = parseCompleteParts(body.toString('utf8'));
    if (listed.length === 0)
      throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed.');
    const chosen: Buffer[] = [];
    for (const [index, { partNumber, etag }] of listed.entries()) {
      if (index > 0 && partNumber <= (listed[index - 1]?.partNumber ?? 0)) {
        throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
      }
      const part = upload.parts.get(partNumber);
      if (!part || part.etag !== etag)
        throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
      if (index < listed.length - 1 && part.data.length < MIN_PART_SIZE) {
        throw new S3Error(
          400,
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed object size.',
        );
      }
      chosen.push(part.data);
    }
    const digests = Buffer.concat(chosen.map((part) => Buffer.from(md5Hex(part), 'hex')));
    const etag = `"${md5Hex(digests)}-${chosen.length}"`;
    objects.set(key, {
      data: Buffer.concat(chosen),
      etag,
      contentType: upload.contentType,
      lastModified: new Date(),
      metadata: {},
    });
    this.uploads.delete(uploadId);
    const fields = [
      xmlElement('Location', `/${bucket}/${key}`),
      xmlElement('Bucket', bucket),
      xmlElement('Key', key),
      xmlElement('ETag', etag),
    ];
    send(res, 200, xmlDocument('CompleteMultipartUploadResult', fields.join('')), {
      'Content-Type': 'application/xml',
    });
  }

  #abort(res: ServerResponse, bucket: string, key: string, uploadId: string): void {
    this.#log('AbortMultipartUpload', bucket, key);
    this.#pending(bucket, key, uploadId);
    this.uploads.delete(uploadId);
    send(res, 204, '');
  }

  #pending(bucket: string, key: string, uploadId: string): PendingUpload {
    const upload = this.uploads.get(uploadId);
    if (!upload || upload.bucket !== bucket || upload.key !== key) {
      throw new S3Error(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    }
    return upload;
  }

  #log(operation: string, bucket: string, key?: string, bytes?: number): void {
    const entry: StandInRequest = { operation, bucket };
    if (key !== undefined) entry.key = key;
    if (bytes !== undefined) entry.bytes = bytes;
    this.requests.push(entry);
  }

  #sendError(req: IncomingMessage, res: ServerResponse, error: S3Error): void {
    if (res.headersSent) return void res.destroy();
    const requestId = randomUUID();
    // HEAD replies carry no body, so the status code is all the client learns.
    const document =
      req.method === 'HEAD' ? '' : errorDocument(error.code, error.message, requestId, req.url);
    send(res, error.status, document, { 'Content-Type': 'application/xml', 'x-amz-request-id': requestId });
  }
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'x-amz-request-id': randomUUID(), ...headers });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The object bytes of an upload request, decoded and checked against the sent checksums. */
function payload(req: IncomingMessage, body: Buffer): Buffer {
  const headers = { ...req.headers } as Record<string, string | undefined>;
  let data = body;
  if (isAwsChunked(req)) {
    const decoded = decodeAwsChunked(body);
    data = decoded.data;
    Object.assign(headers, decoded.trailers);
    const declared = Number(req.headers['x-amz-decoded-content-length']);
    if (declared !== data.length)
      throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified.');
  }
  const failed = failedChecksum(data, headers);
  if (failed)
    throw new S3Error(400, 'BadDigest', `The ${failed} you specified did not match the calculated checksum.`);
  return data;
}

function isAwsChunked(req: IncomingMessage): boolean {
  return (req.headers['content-encoding'] ?? '').split(',').some((e) => e.trim() === 'aws-chunked');
}

function metadataOf(req: IncomingMessage): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice(11)] = value;
  }
  return metadata;
}
