import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listIssueReasons } from '@portal/db';
import { CONTACT_US_RATE_LIMIT, ISSUE_REPORTED_MESSAGE } from '@portal/domain';
import { Nullable } from '@portal/domain/api/common';
import { IssueReasons, IssueReported } from '@portal/domain/api/contact-us';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { requireUser } from '../plugins/access.js';
import { checkIssueReport, reportIssue } from './report-issue.js';

// SPEC.md §7 FAQ and support: the reasons an issue may be reported for, and the contact form.
// The issue is stored and the mail to the support mailbox is written to the outbox in the same
// transaction: the answer is 200 even while Redis or SMTP are away, and the mail follows later.

const ContactUsBody = Type.Object({
  phone: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  reason: Type.String({ maxLength: 200 }),
  message: Type.String({ maxLength: 20_000 }),
});

const reportOf = (body: Static<typeof ContactUsBody>) => ({ ...body, phone: body.phone ?? '' });

/** Counted per signed-in user, not per address: many users may share one office address. */
const perUser = (request: FastifyRequest) => `contact-us:${request.principal?.userId ?? request.ip}`;

const contactUsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/reasons',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The reasons an issue may be reported for',
        response: { 200: IssueReasons },
      },
    },
    async () => listIssueReasons(app.db),
  );

  app.post(
    '/api/contact-us',
    {
      // Checked before the rate limit counts (the limit's hook runs after this one): a refused
      // form is corrected and sent again, and must not use up the sender's allowance.
      preHandler: async (request) => checkIssueReport(app.db, reportOf(request.body)),
      config: {
        access: 'authenticated',
        rateLimit: {
          max: CONTACT_US_RATE_LIMIT.max,
          timeWindow: CONTACT_US_RATE_LIMIT.timeWindowMs,
          hook: 'preHandler',
          keyGenerator: perUser,
        },
      },
      schema: {
        summary: 'Reports an issue: stored, and mailed to the support mailbox',
        body: ContactUsBody,
        response: { 200: IssueReported },
      },
    },
    async (request) => {
      const reporter = requireUser(request);
      const deps = { db: app.db, supportMailbox: app.config.SUPPORT_MAILBOX };
      const issueId = await reportIssue(deps, { reporter, report: reportOf(request.body) });
      return { issueId, message: ISSUE_REPORTED_MESSAGE };
    },
  );
};

export default contactUsRoutes;
