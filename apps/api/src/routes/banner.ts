import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type Banner,
  type BannerInput,
  bannerTypeExists,
  createBanner,
  type Database,
  disableBanner,
  findBanner,
  listBanners,
  listBannerTypes,
  listShowingBanners,
  updateBanner,
  writeAudit,
} from '@portal/db';
import { bannerExpiresAt, bannerProblems, hasFeature, isBannerShowing } from '@portal/domain';
import type { Static, TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { Transaction } from 'kysely';
import { throwFirstProblem } from '../lib/content/field-errors.js';
import { requireUser } from '../plugins/access.js';
import { badRequest, notFound } from '../plugins/errors.js';

// SPEC.md §7 banner. Every signed-in user reads GET /api/banner, because every page shows the
// active banner: an internal admin gets every banner (the Manage Banner list), anyone else only
// those showing now (active and within their time to live), so no one else sees drafts of old
// messages. Create and edit make a banner active; disable makes it inactive.

const adminOnly = { access: { feature: 'INTERNAL_ADMIN' as const } };
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const BannerReply = Type.Object({
  bannerId: Type.Integer(),
  bannerMessage: Type.String(),
  bannerType: Type.String(),
  timeToLive: Nullable(Type.Integer()),
  isActive: Type.Boolean(),
  activatedAt: Type.String({ format: 'date-time' }),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  isShowing: Type.Boolean(),
});
const BannerType = Type.Object({ bannerCode: Type.String(), alertCode: Type.String(), name: Type.String() });
const BannerBody = Type.Object({
  bannerMessage: Type.String({ maxLength: 10_000 }),
  bannerType: Type.String({ maxLength: 100 }),
  /**
   * Seconds; null (or absent) means indefinite. One schema with both types: Ajv's coercion would
   * turn null into 0 (or 0 into null) across the branches of a union.
   */
  timeToLive: Type.Optional(Type.Unsafe<number | null>({ type: ['number', 'null'] })),
});
const BannerParams = Type.Object({ bannerId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const BANNER_NOT_FOUND = 'The banner was not found.';
const UNKNOWN_TYPE = 'Please choose a banner type from the list.';

function bannerView(banner: Banner, now: Date) {
  return {
    ...banner,
    activatedAt: banner.activatedAt.toISOString(),
    expiresAt: bannerExpiresAt(banner)?.toISOString() ?? null,
    isShowing: isBannerShowing(banner, now),
  };
}

const bannerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function validated(body: Static<typeof BannerBody>): Promise<BannerInput> {
    const input = {
      bannerMessage: body.bannerMessage.trim(),
      bannerType: body.bannerType.trim(),
      timeToLive: body.timeToLive ?? null,
    };
    throwFirstProblem(bannerProblems(input));
    if (!(await bannerTypeExists(app.db, input.bannerType))) {
      throw badRequest(UNKNOWN_TYPE, { field: 'bannerType' });
    }
    return input;
  }

  /** One banner change and its audit entry, in one transaction. */
  async function change(
    actorUserId: string,
    action: string,
    bannerId: number | null,
    write: (trx: Transaction<Database>, now: Date) => Promise<Banner | undefined>,
  ) {
    const now = new Date();
    const banner = await app.db.transaction().execute(async (trx) => {
      const before = bannerId === null ? undefined : await findBanner(trx, bannerId);
      const after = await write(trx, now);
      if (!after) throw notFound(BANNER_NOT_FOUND);
      await writeAudit(trx, {
        actorUserId,
        action,
        entityType: 'banner',
        entityId: String(after.bannerId),
        before,
        after,
      });
      return after;
    });
    return bannerView(banner, now);
  }

  app.get(
    '/api/banner',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Banners (all for internal admins, those showing now for everyone else) and banner types',
        response: {
          200: Type.Object({ banners: Type.Array(BannerReply), bannerTypes: Type.Array(BannerType) }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const now = new Date();
      const banners = hasFeature(user, 'INTERNAL_ADMIN')
        ? await listBanners(app.db)
        : await listShowingBanners(app.db, now);
      return { banners: banners.map((b) => bannerView(b, now)), bannerTypes: await listBannerTypes(app.db) };
    },
  );

  app.post(
    '/api/banner',
    {
      config: adminOnly,
      schema: { summary: 'Creates a banner (active)', body: BannerBody, response: { 201: BannerReply } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const input = await validated(request.body);
      const banner = await change(user.userId, 'banner.create', null, (trx, now) =>
        createBanner(trx, input, now),
      );
      return reply.status(201).send(banner);
    },
  );

  app.put(
    '/api/banner/:bannerId/edit',
    {
      config: adminOnly,
      schema: {
        summary: 'Edits a banner; it becomes active, its time to live counting from now',
        params: BannerParams,
        body: Type.Composite([Type.Object({ bannerId: Type.Optional(Type.Integer()) }), BannerBody]),
        response: { 200: BannerReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { bannerId } = request.params;
      if (request.body.bannerId !== undefined && request.body.bannerId !== bannerId) {
        throw badRequest('The bannerId of the body differs from the one of the path.');
      }
      const input = await validated(request.body);
      return change(user.userId, 'banner.update', bannerId, (trx, now) =>
        updateBanner(trx, bannerId, input, now),
      );
    },
  );

  app.put(
    '/api/banner/:bannerId/disable',
    {
      config: adminOnly,
      schema: { summary: 'Disables a banner', params: BannerParams, response: { 200: BannerReply } },
    },
    async (request) => {
      const user = requireUser(request);
      const { bannerId } = request.params;
      return change(user.userId, 'banner.disable', bannerId, (trx, now) => disableBanner(trx, bannerId, now));
    },
  );
};

export default bannerRoutes;
