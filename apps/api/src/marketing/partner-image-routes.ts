import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { findPartnerImage, findPartnersByCode, listPartnerImages } from '@portal/db';
import {
  canAccessPartnerCode,
  type Feature,
  hasFeature,
  imageTooLargeMessage,
  MAX_IMAGE_UPLOAD_BYTES,
  MESSAGES,
  type PartnerImageKind,
} from '@portal/domain';
import { mayManagePartnerCode } from '@portal/domain/admin/admin-scope';
import { Message } from '@portal/domain/api/common';
import { PartnerImageFile, PartnerImagesReply, PartnerImageUpload } from '@portal/domain/api/partner-images';
import { BlobNotFoundError } from '@portal/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, HttpError, notFound } from '../lib/http/errors.js';
import { PartnerCodeParams } from '../lib/http/route-params.js';
import { requireUser } from '../plugins/access.js';
import { safeSegment } from './safe-segment.js';
import { uploadPartnerImage } from './upload-partner-image.js';

// The routes of partner logos and marketing images (logo.ts, marketing.ts): who may use a partner
// code, how an upload is read from its multipart form, and how an image is served back. The
// upload itself (its checks, blob and audited save) is upload-partner-image.ts.

export const UPLOAD_FIELD = 'File';
export const multipartLimits = { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1, fields: 10, parts: 20 };

/** The stored code of images: partner codes are unique case-insensitively. */
const imageCode = (partnerCode: string) => partnerCode.trim().toUpperCase();

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

/**
 * GET /api/partner-images/:partnerCode, beyond SPEC.md §7: which images a partner has, so that a
 * screen asks for an image only when there is one (each image's own read answers 404, which a
 * browser reports as a console error, for a partner without one: issue 24).
 */
export function registerPartnerImagesRoute(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/partner-images/:partnerCode',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Whether the partner has a logo and a marketing image, with each one's type, size and date",
        params: PartnerCodeParams,
        response: { 200: PartnerImagesReply },
      },
    },
    async (request) => {
      const partnerCode = await requirePartnerCode(app, request, request.params.partnerCode);
      const images = await listPartnerImages(app.db, partnerCode);
      const info = (kind: PartnerImageKind) => {
        const image = images.find((candidate) => candidate.kind === kind);
        if (!image) return null;
        const { contentType, byteSize, updatedAt } = image;
        return { contentType, byteSize, updatedAt: updatedAt.toISOString() };
      };
      return { logo: info('LOGO'), marketing: info('MARKETING') };
    },
  );
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
  const deps = { db: app.db, store: app.blobStore, now: app.now };

  app.get(
    routes.servePath,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: routes.serveSummary,
        params: PartnerCodeParams,
        response: { 200: PartnerImageFile, 404: Message },
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
        response: { 200: PartnerImageUpload },
      },
    },
    async (request) => {
      const { partnerCode: code } = request.params;
      const partnerCode = await requirePartnerCode(app, request, code, 'MANAGE_MARKETING_CONTENT');
      const bytes = await readUpload(request);
      const saved = await uploadPartnerImage(deps, {
        actorUserId: requireUser(request).userId,
        partnerCode,
        kind: routes.kind,
        bytes,
        field: UPLOAD_FIELD,
        log: request.log,
      });
      return { message: MESSAGES.uploadSuccess, ...saved };
    },
  );
}
