import { THOUGHTSPOT_CONSUMER_ROLE } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { acceptInvitation } from './accept-invitation.js';

/**
 * Called by the sign-in callback when the sign-in began at an invitation link: accepts the
 * invitation for the identity that came back, then makes sure a ThoughtSpot consumer exists in
 * ThoughtSpot. ThoughtSpot being away does not undo the membership: the viewer creates the user
 * on first use as well, so it is logged and the person still lands in the portal.
 */
export async function acceptOnSignIn(
  app: FastifyInstance,
  identity: {
    invitationId: string;
    email: string | undefined;
    emailVerified: boolean | undefined;
    firstName: string;
    lastName: string;
  },
) {
  const result = await acceptInvitation(
    { db: app.db, now: app.now },
    // Only an e-mail the provider vouches for matches an invitation.
    { ...identity, emailVerified: identity.emailVerified === true },
  );
  if (result.outcome === 'accepted' && result.isThoughtSpotUser) {
    const thoughtSpot = app.dashboardServices.thoughtSpot;
    try {
      if (!(await thoughtSpot.findUser(result.email))) {
        await thoughtSpot.createUser({
          name: result.email,
          display_name: `${identity.firstName} ${identity.lastName}`.trim() || result.email,
          email: result.email,
          // The ThoughtSpot group of consumers (viewers) is named like the portal role.
          group_identifiers: [THOUGHTSPOT_CONSUMER_ROLE],
        });
      }
    } catch (error) {
      app.log.warn({ err: error, userId: result.userId }, 'ThoughtSpot user not ensured on acceptance');
    }
  }
  return result;
}
