import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { USER_NAME_MAX } from '@portal/domain/admin/admin-external-user';
import { PortalUser } from '@portal/domain/api/user';
import { Type } from 'typebox';
import { userView } from '../lib/http/user-view.js';
import { requireUser } from '../plugins/access.js';
import { editOwnName } from './edit-own-name.js';

// SPEC.md §7 SaaS users: the name edit of My account.

const ownAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/saas/user/updateSelf',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Edits the name of the signed-in user (only when the user id is the email)',
        body: Type.Object({
          firstName: Type.String({ maxLength: USER_NAME_MAX }),
          lastName: Type.String({ maxLength: USER_NAME_MAX }),
        }),
        response: { 200: PortalUser },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return userView({ ...user, ...(await editOwnName({ db: app.db }, { user, ...request.body })) });
    },
  );
};

export default ownAccountRoutes;
