import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPartnerSummaries } from '@portal/db';
import { MESSAGES } from '@portal/domain';
import { partnerScope } from '@portal/domain/admin/admin-partner';
import { MarketingPartners } from '@portal/domain/api/marketing';
import { requireUser } from '../plugins/access.js';
import { multipartLimits, registerPartnerImageRoutes } from './partner-image-routes.js';

// SPEC.md §7 marketing. Users with MANAGE_MARKETING_CONTENT choose among the partners they may
// use and upload a jpeg or png per partner. The latest image is read by every signed-in user who
// may see the partner, since the dashboard selection page shows it in the mobile popup (§9).

const manage = { access: { feature: 'MANAGE_MARKETING_CONTENT' as const } };

const marketingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: multipartLimits });

  app.get(
    '/api/marketing/partners',
    {
      config: manage,
      schema: {
        summary:
          'Access types and the partners (by access type code) whose marketing content the user manages',
        response: { 200: MarketingPartners },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const reply: MarketingPartners = { accessTypes: [], partners: {} };
      for (const p of await listPartnerSummaries(app.db, partnerScope(user))) {
        if (!reply.partners[p.accessTypeCode]) {
          reply.accessTypes.push({ name: p.accessTypeName, code: p.accessTypeCode });
          reply.partners[p.accessTypeCode] = [];
        }
        reply.partners[p.accessTypeCode]?.push({
          name: p.name,
          code: p.code,
          type: p.accessTypeCode,
          hasLogo: p.hasLogo,
        });
      }
      return reply;
    },
  );

  registerPartnerImageRoutes(app, {
    kind: 'MARKETING',
    servePath: '/api/marketing/latest/:partnerCode',
    serveSummary: "The partner's latest marketing image (jpeg or png); 404 when none was uploaded",
    notFoundMessage: MESSAGES.marketingNotFound,
    uploadPath: '/api/marketing/upload/:partnerCode',
    uploadSummary: "Replaces the partner's marketing image: multipart, field File, a jpeg or png",
  });
};

export default marketingRoutes;
