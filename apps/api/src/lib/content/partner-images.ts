import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { findPartnerImage, findPartnersByCode, savePartnerImage, writeAudit } from '@portal/db';
import {
  canAccessPartnerCode,
  checkImageSize,
  checkPartnerImage,
  type Feature,
  hasFeature,
  IMAGE_SIGNATURE_BYTES,
  imageTooLargeMessage,
  MAX_IMAGE_UPLOAD_BYTES,
  MESSAGES,
  type PartnerImageKind,
} from '@portal/domain';
import { mayManagePartnerCode } from '@portal/domain/admin-scope';
import { Message } from '@portal/domain/api/common';
import { BlobNotFoundError } from '@portal/storage';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../plugins/access.js';
import { badRequest, forbidden, HttpError, notFound } from '../../plugins/errors.js';

// Partner logos and marketing images: who may use a partner code, how an upload is read and
// judged by its bytes, where it is stored, and how it is served back.

export const UPLOAD_FIELD = 'File';
export const PartnerCodeParams = Type.Object({ partnerCode: Type.String({ minLength: 1, maxLength: 50 }) });
export const ImageReply = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'PNG or JPEG',
});
export const UploadReply = Type.Object({
  message: Type.String(),
  partnerCode: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer(),
});
export const multipartLimits = { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 };

/** The stored code of images: partner codes are unique case-insensitively. */
const imageCode = (partnerCode: string) => partnerCode.trim().toUpperCase();

/**
 * A partner code as one plain key segment and file name: codes are data, and one such as '..' or
 * 'A/B' must never reach a path or a header as it is.
 */
export function safeSegment(partnerCode: string): string {
  return /^[A-Za-z0-9_-]{1,64}$/.test(partnerCode)
    ? partnerCode
    : `x-${Buffer.from(partnerCode, 'utf8').toString('hex').slice(0, 200)}`;
}

/**
 * Refuses (403) unless the user may use a partner of this code for `feature`. Reading needs one
 * partner of the code; replacing an image (a management feature) needs every partner of the code,
 * since they all show it (admin-scope.ts). An internal admin asking for a code no partner has gets 404.
 */
export async function requirePartnerCode(
  app: FastifyInstance,
  request: FastifyRequest,
  partnerCode: string,
  feature: Feature = 'NO_FEATURE_REQUIRED',
): Promise<string> {
  const user = requireUser(request);
  const partners = await findPartnersByCode(app.db, partnerCode.trim());
  const allowed =
    feature === 'NO_FEATURE_REQUIRED'
      ? canAccessPartnerCode(user, partnerCode.trim(), partners, feature)
      : hasFeature(user, feature) && mayManagePartnerCode(user, partners);
  if (allowed) return imageCode(partnerCode);
  if (partners.length === 0 && user.isInternalAdmin) throw notFound(MESSAGES.partnerNotFound);
  throw forbidden();
}

/** Streams the current image with its true content type, or 404 with the §8 message. */
export async function sendPartnerImage(
  app: FastifyInstance,
  reply: FastifyReply,
  partnerCode: string,
  kind: PartnerImageKind,
  notFoundMessage: string,
) {
  const image = await findPartnerImage(app.db, partnerCode, kind);
  if (!image) throw notFound(notFoundMessage);
  let body: NodeJS.ReadableStream;
  try {
    body = await app.blobStore.get(image.storageKey);
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw notFound(notFoundMessage);
    throw error;
  }
  const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
  return reply
    .header('content-type', image.contentType)
    .header('content-length', image.byteSize)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `inline; filename="${kind.toLowerCase()}-${safeSegment(partnerCode)}.${extension}"`,
    )
    .header('cache-control', 'private, no-cache')
    .header('last-modified', image.updatedAt.toUTCString())
    .send(body);
}

type MultipartError = Error & { code?: string; statusCode?: number };

/** The bytes of the File part, at most MAX_IMAGE_UPLOAD_BYTES. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({ limits: multipartLimits });
    if (!file || file.fieldname !== UPLOAD_FIELD) {
      throw badRequest(`Please choose a file to upload (form field ${UPLOAD_FIELD}).`);
    }
    return await file.toBuffer();
  } catch (error) {
    const code = (error as MultipartError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, imageTooLargeMessage());
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw badRequest(`Please upload the image as multipart/form-data in the field ${UPLOAD_FIELD}.`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('Please upload one image at a time.');
    }
    throw error;
  }
}

/**
 * Reads the upload, checks its bytes, stores the blob under a new key and makes it current in one
 * transaction with its audit entry. The replaced blob is removed afterwards.
 */
export async function uploadPartnerImage(
  app: FastifyInstance,
  request: FastifyRequest,
  partnerCode: string,
  kind: PartnerImageKind,
) {
  const user = requireUser(request);
  const bytes = await readUpload(request);
  const check = checkPartnerImage(kind, bytes.subarray(0, IMAGE_SIGNATURE_BYTES));
  if (!check.ok) throw badRequest(check.message, { field: UPLOAD_FIELD });
  const size = checkImageSize(check.type, bytes);
  if (!size.ok) throw badRequest(size.message, { field: UPLOAD_FIELD });

  const storageKey = `Partners/${safeSegment(partnerCode)}/${kind.toLowerCase()}/${randomUUID()}.${check.extension}`;
  await app.blobStore.put(storageKey, bytes, { contentType: check.contentType });
  const image = {
    partnerCode,
    kind,
    storageKey,
    contentType: check.contentType,
    byteSize: bytes.length,
    updatedBy: user.userId,
  };
  let previous: Awaited<ReturnType<typeof savePartnerImage>>;
  try {
    previous = await app.db.transaction().execute(async (trx) => {
      const replaced = await savePartnerImage(trx, image, new Date());
      await writeAudit(trx, {
        actorUserId: user.userId,
        action: kind === 'LOGO' ? 'partner-logo.upload' : 'marketing-image.upload',
        entityType: 'partner-image',
        entityId: `${partnerCode}/${kind}`,
        before: replaced && { storageKey: replaced.storageKey, byteSize: replaced.byteSize },
        after: { storageKey, contentType: check.contentType, byteSize: bytes.length },
      });
      return replaced;
    });
  } catch (error) {
    await app.blobStore.delete(storageKey).catch(() => {});
    throw error;
  }
  if (previous && previous.storageKey !== storageKey) {
    await app.blobStore.delete(previous.storageKey).catch((error: unknown) => {
      request.log.warn({ err: error, key: previous?.storageKey }, 'could not remove a replaced image');
    });
  }
  return { partnerCode, contentType: check.contentType, byteSize: bytes.length };
}

export interface PartnerImageRoutes {
  kind: PartnerImageKind;
  /** GET: the current image, for every signed-in user who may see the partner. */
  servePath: string;
  serveSummary: string;
  notFoundMessage: string;
  /** POST: replaces the image, for users managing marketing content. */
  uploadPath: string;
  uploadSummary: string;
}

/**
 * The two routes of one kind of partner image (both take :partnerCode). The caller's plugin
 * registers @fastify/multipart with `multipartLimits` first.
 */
export function registerPartnerImageRoutes(instance: FastifyInstance, routes: PartnerImageRoutes) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    routes.servePath,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: routes.serveSummary,
        params: PartnerCodeParams,
        response: { 200: ImageReply, 404: Message },
      },
    },
    async (request, reply) => {
      const partnerCode = await requirePartnerCode(app, request, request.params.partnerCode);
      return sendPartnerImage(app, reply, partnerCode, routes.kind, routes.notFoundMessage);
    },
  );

  app.post(
    routes.uploadPath,
    {
      config: { access: { feature: 'MANAGE_MARKETING_CONTENT' } },
      schema: {
        summary: routes.uploadSummary,
        consumes: ['multipart/form-data'],
        params: PartnerCodeParams,
        response: { 200: UploadReply },
      },
    },
    async (request) => {
      const partnerCode = await requirePartnerCode(
        app,
        request,
        request.params.partnerCode,
        'MANAGE_MARKETING_CONTENT',
      );
      const saved = await uploadPartnerImage(app, request, partnerCode, routes.kind);
      return { message: MESSAGES.uploadSuccess, ...saved };
    },
  );
}
