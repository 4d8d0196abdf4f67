import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listAuditLog } from '@portal/db';
import { AuditLogReply } from '@portal/domain/api/audit-log';
import { Type } from 'typebox';
import { PageQuery } from '../lib/http/list-query.js';

// The audit log for internal admins: who changed what, when, with the state before and after.

const IsoDate = Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC), included' }));
const auditLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: { feature: 'INTERNAL_ADMIN' } },
      schema: {
        summary: 'Audit log entries, newest first',
        querystring: Type.Object({
          page: PageQuery.page,
          pageSize: PageQuery.pageSize,
          entityType: Type.Optional(Type.String({ maxLength: 100 })),
          actor: Type.Optional(Type.String({ maxLength: 200 })),
          from: IsoDate,
          to: IsoDate,
        }),
        response: { 200: AuditLogReply },
      },
    },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const list = await listAuditLog(app.db, { page, pageSize, filters });
      return {
        entries: list.rows.map((row) => ({ ...row, at: row.at.toISOString() })),
        page,
        pageSize,
        total: list.total,
      };
    },
  );
};

export default auditLogRoutes;
