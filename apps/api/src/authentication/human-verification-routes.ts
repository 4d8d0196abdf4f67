import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { markSessionHumanVerified } from '@portal/db';
import {
  AltchaChallenge,
  EnvironmentContext,
  HumanVerificationResult,
} from '@portal/domain/api/human-verification';
import { Type } from 'typebox';
import { notFound } from '../lib/http/errors.js';
import { createHumanVerification } from '../lib/vendors/human-verification.js';
import { requireUser } from '../plugins/access.js';

// Human verification before an external user's download (SPEC.md §5, §7): the environment
// context tells the SPA which kind is in use and its site key; ALTCHA challenges are served
// here; a passed check is recorded on the session, where the download route looks for it.

export const ALTCHA_CHALLENGE_PATH = '/api/altcha/challenge';

const humanVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const verification = createHumanVerification(app.config, app.db, app.now);
  if (verification.mode === 'altcha' && !app.config.ALTCHA_HMAC_KEY) {
    app.log.warn('ALTCHA_HMAC_KEY is unset: ALTCHA challenges are signed with a key of this process only');
  }

  app.get(
    '/api/environment-context',
    {
      config: { access: 'public' },
      schema: {
        response: { 200: EnvironmentContext },
      },
    },
    async () => ({
      googleRecaptchaPublicKey: verification.siteKey,
      humanVerification: verification.mode,
      altchaChallengeUrl: verification.mode === 'altcha' ? ALTCHA_CHALLENGE_PATH : null,
    }),
  );

  app.get(
    ALTCHA_CHALLENGE_PATH,
    {
      config: { access: 'authenticated' },
      schema: {
        // Every parameter of the challenge, unchanged: the signature covers them (AltchaChallenge).
        response: { 200: AltchaChallenge },
      },
    },
    async (_request, reply) => {
      if (verification.mode !== 'altcha') throw notFound('ALTCHA is not in use.');
      reply.header('cache-control', 'no-store');
      return verification.challenge();
    },
  );

  app.post(
    '/api/validate-recaptcha',
    {
      config: { access: 'authenticated' },
      schema: {
        body: Type.Object({ response: Type.String({ maxLength: 10_000 }) }),
        response: { 200: HumanVerificationResult },
      },
    },
    async (request) => {
      const user = requireUser(request);
      let success = false;
      try {
        success =
          request.body.response !== '' && (await verification.verify(request.body.response, request.ip));
      } catch (error) {
        request.log.warn({ err: error }, 'human verification could not be checked');
      }
      // Only a session can carry the result; a token caller has nowhere to keep it.
      if (success && user.sessionHash) await markSessionHumanVerified(app.db, user.sessionHash);
      return { success: success && user.sessionHash !== null };
    },
  );
};

export default humanVerificationRoutes;
