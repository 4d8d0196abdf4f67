import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import {
  ImageReply,
  multipartLimits,
  PartnerCodeParams,
  requirePartnerCode,
  sendPartnerImage,
  UploadReply,
  uploadPartnerImage,
} from '../lib/content/partner-images.js';

// SPEC.md §7 logo: the partner cards show a partner's logo to every signed-in user who may see
// that partner; users managing marketing content upload it (PNG only, judged by its bytes).

const Message = Type.Object({ message: Type.String() });

const logoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: multipartLimits });

  app.get(
    '/api/logo/:partnerCode',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "The partner's logo (PNG); 404 when none was uploaded",
        params: PartnerCodeParams,
        response: { 200: ImageReply, 404: Message },
      },
    },
    async (request, reply) => {
      const partnerCode = await requirePartnerCode(app, request, request.params.partnerCode);
      return sendPartnerImage(app, reply, partnerCode, 'LOGO', MESSAGES.logoNotFound);
    },
  );

  app.post(
    '/api/logo/:partnerCode',
    {
      config: { access: { feature: 'MANAGE_MARKETING_CONTENT' } },
      schema: {
        summary: "Replaces the partner's logo: multipart, field File, a PNG",
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
      const saved = await uploadPartnerImage(app, request, partnerCode, 'LOGO');
      return { message: MESSAGES.uploadSuccess, ...saved };
    },
  );
};

export default logoRoutes;
