import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/http/errors.js';
import { declarePlaceAccess, requireUser } from '../access.js';

/** The API's map is for the portal's own people and systems, not for partners or strangers. */
async function internalOnly(request: FastifyRequest) {
  if (requireUser(request).isExternalUser) throw forbidden();
}

// The OpenAPI document is generated from the route schemas and browsable at /api/docs (and
// /api/docs/json) by signed-in internal users and service accounts; API_DOCS=off serves neither.
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Partner Portal API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });
  if (app.config.API_DOCS === 'off') return;
  // In a scope of its own, whose routes are for signed-in callers; internalOnly narrows that.
  await app.register(async (docs) => {
    declarePlaceAccess(docs, 'authenticated');
    // On every route of the scope, the UI's files included (uiHooks leave those out).
    docs.addHook('onRequest', internalOnly);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
