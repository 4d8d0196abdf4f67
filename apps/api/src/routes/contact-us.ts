import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createReportedIssue, listIssueReasons } from '@portal/db';
import {
  CONTACT_US_RATE_LIMIT,
  ISSUE_REPORTED_MESSAGE,
  issueReportProblems,
  supportMail,
} from '@portal/domain';
import { enqueue } from '@portal/queue';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { throwFirstProblem } from '../lib/content/field-errors.js';
import { requireUser } from '../plugins/access.js';

// SPEC.md §7 FAQ and support: the reasons an issue may be reported for, and the contact form.
// The issue is stored and the mail to the support mailbox is written to the outbox in the same
// transaction: the answer is 200 even while Redis or SMTP are away, and the mail follows later.

const ContactUsBody = Type.Object({
  phone: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  reason: Type.String({ maxLength: 200 }),
  message: Type.String({ maxLength: 20_000 }),
});

/** Counted per signed-in user, not per address: many users may share one office address. */
const perUser = (request: FastifyRequest) => `contact-us:${request.principal?.userId ?? request.ip}`;

const contactUsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/reasons',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The reasons an issue may be reported for',
        response: { 200: Type.Array(Type.String()) },
      },
    },
    async () => listIssueReasons(app.db),
  );

  app.post(
    '/api/contact-us',
    {
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
        response: { 200: Type.Object({ issueId: Type.Integer(), message: Type.String() }) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const report = { ...request.body, phone: request.body.phone ?? '' };
      throwFirstProblem(issueReportProblems(report, await listIssueReasons(app.db)));
      const issueId = await app.db.transaction().execute(async (trx) => {
        const issue = await createReportedIssue(trx, { ...report, userId: user.userId });
        const mail = supportMail(report, user, issue.issueId);
        await enqueue(trx, { name: 'mail.send', payload: { to: [app.config.SUPPORT_MAILBOX], ...mail } });
        return issue.issueId;
      });
      return { issueId, message: ISSUE_REPORTED_MESSAGE };
    },
  );
};

export default contactUsRoutes;
