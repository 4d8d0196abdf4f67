import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Banner as BannerRow, listBanners, listBannerTypes, listShowingBanners } from '@portal/db';
import { bannerExpiresAt, hasFeature, isBannerShowing } from '@portal/domain';
import { Banner, BannersReply } from '@portal/domain/api/banners';
import { Type } from 'typebox';
import { SerialId } from '../lib/http/route-params.js';
import { requireUser } from '../plugins/access.js';
import { addBanner } from './add-banner.js';
import { disableBanner } from './disable-banner.js';
import { editBanner } from './edit-banner.js';

// SPEC.md §7 banner. Every signed-in user reads GET /api/banner, because every page shows the
// active banner: an internal admin gets every banner (the Manage Banner list), anyone else only
// those showing now (active and within their time to live), so no one else sees drafts of old
// messages. Create and edit make a banner active; disable makes it inactive.

const adminOnly = { access: { feature: 'INTERNAL_ADMIN' as const } };
const BannerBody = Type.Object({
  bannerMessage: Type.String({ maxLength: 10_000 }),
  bannerType: Type.String({ maxLength: 100 }),
  /**
   * Seconds; null (or absent) means indefinite. One schema with both types: Ajv's coercion would
   * turn null into 0 (or 0 into null) across the branches of a union.
   */
  timeToLive: Type.Optional(Type.Unsafe<number | null>({ type: ['number', 'null'] })),
});
const BannerParams = Type.Object({ bannerId: SerialId });

function bannerView(banner: BannerRow, now: Date): Banner {
  return {
    ...banner,
    activatedAt: banner.activatedAt.toISOString(),
    expiresAt: bannerExpiresAt(banner)?.toISOString() ?? null,
    isShowing: isBannerShowing(banner, now),
  };
}

const bannerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, now: app.now };

  app.get(
    '/api/banner',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Banners (all for internal admins, those showing now for everyone else) and banner types',
        response: { 200: BannersReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const now = app.now();
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
      schema: { summary: 'Creates a banner (active)', body: BannerBody, response: { 201: Banner } },
    },
    async (request, reply) => {
      const { userId: actorUserId } = requireUser(request);
      const { banner, now } = await addBanner(deps, { actorUserId, body: request.body });
      return reply.status(201).send(bannerView(banner, now));
    },
  );

  app.put(
    '/api/banner/:bannerId/edit',
    {
      config: adminOnly,
      schema: {
        summary: 'Edits a banner; it becomes active, its time to live counting from now',
        params: BannerParams,
        body: Type.Evaluate(
          Type.Intersect([Type.Object({ bannerId: Type.Optional(Type.Integer()) }), BannerBody]),
        ),
        response: { 200: Banner },
      },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      const input = { actorUserId, bannerId: request.params.bannerId, body: request.body };
      const { banner, now } = await editBanner(deps, input);
      return bannerView(banner, now);
    },
  );

  app.put(
    '/api/banner/:bannerId/disable',
    {
      config: adminOnly,
      schema: { summary: 'Disables a banner', params: BannerParams, response: { 200: Banner } },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      const { banner, now } = await disableBanner(deps, { actorUserId, bannerId: request.params.bannerId });
      return bannerView(banner, now);
    },
  );
};

export default bannerRoutes;
