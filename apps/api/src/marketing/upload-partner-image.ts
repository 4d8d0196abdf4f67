import { randomUUID } from 'node:crypto';
import { savePartnerImage, writeAudit } from '@portal/db';
import {
  checkImageSize,
  checkPartnerImage,
  IMAGE_SIGNATURE_BYTES,
  type PartnerImageKind,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../lib/http/errors.js';
import type { Clock, StoreDeps } from '../lib/service-deps.js';
import { safeSegment } from './safe-segment.js';

export type PartnerImageUpload = {
  actorUserId: string;
  /** The stored code, the route having checked that the user may manage it. */
  partnerCode: string;
  kind: PartnerImageKind;
  bytes: Buffer;
  /** The multipart field the bytes came from, named by a refusal. */
  field: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

/**
 * Checks the image by its bytes, stores the blob under a new key and makes it current in one
 * transaction with its audit entry. The replaced blob is removed afterwards.
 */
export async function uploadPartnerImage(
  { db, store, now }: StoreDeps & { now: Clock },
  upload: PartnerImageUpload,
) {
  const { actorUserId, partnerCode, kind, bytes, field } = upload;
  const check = checkPartnerImage(kind, bytes.subarray(0, IMAGE_SIGNATURE_BYTES));
  if (!check.ok) throw badRequest(check.message, { field });
  const size = checkImageSize(check.type, bytes);
  if (!size.ok) throw badRequest(size.message, { field });

  const storageKey = `Partners/${safeSegment(partnerCode)}/${kind.toLowerCase()}/${randomUUID()}.${check.extension}`;
  await store.put(storageKey, bytes, { contentType: check.contentType });
  const image = {
    partnerCode,
    kind,
    storageKey,
    contentType: check.contentType,
    byteSize: bytes.length,
    updatedBy: actorUserId,
  };
  let previous: Awaited<ReturnType<typeof savePartnerImage>>;
  try {
    previous = await db.transaction().execute(async (trx) => {
      const replaced = await savePartnerImage(trx, image, now());
      await writeAudit(trx, {
        actorUserId,
        action: kind === 'LOGO' ? 'partner-logo.upload' : 'marketing-image.upload',
        entityType: 'partner-image',
        entityId: `${partnerCode}/${kind}`,
        before: replaced && { storageKey: replaced.storageKey, byteSize: replaced.byteSize },
        after: { storageKey, contentType: check.contentType, byteSize: bytes.length },
      });
      return replaced;
    });
  } catch (error) {
    await store.delete(storageKey).catch(() => {});
    throw error;
  }
  if (previous && previous.storageKey !== storageKey) {
    await store.delete(previous.storageKey).catch((error: unknown) => {
      upload.log.warn({ err: error, key: previous?.storageKey }, 'could not remove a replaced image');
    });
  }
  return { partnerCode, contentType: check.contentType, byteSize: bytes.length };
}
