import { WEBHOOK_SEND_LIMITS } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { countedLimits } from '../lib/http/counted-limits.js';
import { requireUser } from '../plugins/access.js';
import { endpointInScope } from './webhook-scope.js';

// "Send test event" and "Redeliver" post to a URL a manager chose, by hand: at most
// WEBHOOK_SEND_LIMITS per endpoint and per user (both), the two buttons counted together.

const endpointOf = (request: FastifyRequest) => (request.params as { endpointId: string }).endpointId;

/**
 * The preHandler of the routes that send by hand. The endpoint is checked to be the caller's
 * before anything counts: a caller refused 403 or 404 must not use up the allowance of an
 * endpoint that is not theirs (its managers would find their buttons refused).
 */
export function sendLimits(app: FastifyInstance) {
  const { perEndpoint, perUser } = WEBHOOK_SEND_LIMITS;
  const counted = countedLimits(app, [
    { ...perEndpoint, key: (request) => `webhook-sends:endpoint:${endpointOf(request)}` },
    { ...perUser, key: (request) => `webhook-sends:user:${requireUser(request).userId}` },
  ]);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await endpointInScope({ db: app.db }, requireUser(request), endpointOf(request));
    await counted(request, reply);
  };
}
