import { Readable } from 'node:stream';
import { findForbiddenText } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../lib/http/errors.js';

// The multipart form of POST /api/reports/.../upload, beside its route: the fields come first
// (reportDate, optional frequencyTypeCode), then the one file, streamed to whoever uses it.

export type UploadLimits = {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
};
export type UploadForm = { fields: Record<string, string>; fileName: string; file: Readable };

/**
 * The upload as a stream that fails at its end when the file passed the size limit: multipart
 * itself only cuts such a file short (truncated), which would store half a file as if whole.
 * Read by iteration, which also fails (premature close) when the body ends before its closing
 * boundary; piped, such a part would neither end nor fail and the request would hang.
 */
function sizeLimited(file: Readable & { truncated?: boolean }, limit: number): Readable {
  async function* chunks() {
    for await (const chunk of file) yield chunk as Buffer;
    if (file.truncated) throw new HttpError(413, `The file is larger than ${limit} bytes.`);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Reads the form up to its file and hands both to `use`; the file's rest is drained on a refusal. */
export async function withUploadForm<T>(
  request: FastifyRequest,
  limits: UploadLimits,
  use: (form: UploadForm) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw badRequest('Send multipart/form-data: reportDate, optional frequencyTypeCode, then file.');
  }
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    try {
      // The input gate's text rule, for the fields a JSON body would have carried.
      const problem = findForbiddenText(fields);
      if (problem) throw badRequest(problem.message, { field: problem.field });
      return await use({ fields, fileName: part.filename, file: sizeLimited(part.file, limits.fileSize) });
    } catch (error) {
      part.file.resume();
      throw error;
    }
  }
  throw badRequest('A file is required.');
}
