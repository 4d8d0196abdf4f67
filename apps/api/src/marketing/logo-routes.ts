import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from '@portal/domain';
import {
  multipartLimits,
  registerPartnerImageRoutes,
  registerPartnerImagesRoute,
} from './partner-image-routes.js';

// SPEC.md §7 logo: the partner cards show a partner's logo to every signed-in user who may see
// that partner; users managing marketing content upload it (PNG only, judged by its bytes).

const logoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: multipartLimits });

  registerPartnerImageRoutes(app, {
    kind: 'LOGO',
    servePath: '/api/logo/:partnerCode',
    serveSummary: "The partner's logo (PNG); 404 when none was uploaded",
    notFoundMessage: MESSAGES.logoNotFound,
    uploadPath: '/api/logo/:partnerCode',
    uploadSummary: "Replaces the partner's logo: multipart, field File, a PNG",
  });
  registerPartnerImagesRoute(app);
};

export default logoRoutes;
