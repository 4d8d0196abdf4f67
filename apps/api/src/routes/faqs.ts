import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createFaq, deleteFaq, type FaqWrite, findFaq, listFaqs, updateFaq, writeAudit } from '@portal/db';
import { type FaqInput, faqProblems, MESSAGES, normalizeFaq } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { throwFirstProblem } from '../lib/content/field-errors.js';
import { requireUser } from '../plugins/access.js';
import { conflict, notFound } from '../plugins/errors.js';

// SPEC.md §7 FAQ: every signed-in user reads them; internal admins create, edit and delete them.
// Answers are plain text: the SPA shows them as text, never as HTML.

const adminOnly = { access: { feature: 'INTERNAL_ADMIN' as const } };
const Faq = Type.Object({ id: Type.Integer(), question: Type.String(), answer: Type.String() });
const FaqBody = Type.Object({
  question: Type.String({ maxLength: 20_000 }),
  answer: Type.String({ maxLength: 50_000 }),
});
const FaqParams = Type.Object({
  frequentlyAskedQuestionId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
const FAQ_NOT_FOUND = 'The FAQ was not found.';

function validated(body: FaqInput): FaqInput {
  throwFirstProblem(faqProblems(body));
  return normalizeFaq(body);
}

function saved(result: FaqWrite) {
  if ('duplicate' in result) throw conflict(MESSAGES.duplicate, { field: 'question' });
  if ('notFound' in result) throw notFound(FAQ_NOT_FOUND);
  return result.faq;
}

const faqRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/faqs',
    {
      config: { access: 'authenticated' },
      schema: { summary: 'Questions and answers', response: { 200: Type.Array(Faq) } },
    },
    async () => listFaqs(app.db),
  );

  app.post(
    '/api/faqs',
    {
      config: adminOnly,
      schema: {
        summary: 'Adds a FAQ (the question is unique)',
        body: Type.Composite([
          Type.Object({ id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])) }),
          FaqBody,
        ]),
        response: { 201: Faq },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const input = validated(request.body);
      const faq = await app.db.transaction().execute(async (trx) => {
        const created = saved(await createFaq(trx, input));
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'faq.create',
          entityType: 'faq',
          entityId: String(created.id),
          after: created,
        });
        return created;
      });
      return reply.status(201).send(faq);
    },
  );

  app.put(
    '/api/faqs',
    {
      config: adminOnly,
      schema: {
        summary: 'Edits the FAQ named by id',
        body: Type.Composite([
          Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
          FaqBody,
        ]),
        response: { 200: Faq },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const input = validated(request.body);
      return app.db.transaction().execute(async (trx) => {
        const before = await findFaq(trx, request.body.id);
        const updated = saved(await updateFaq(trx, request.body.id, input));
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'faq.update',
          entityType: 'faq',
          entityId: String(updated.id),
          before,
          after: updated,
        });
        return updated;
      });
    },
  );

  app.delete(
    '/api/faqs/:frequentlyAskedQuestionId',
    {
      config: adminOnly,
      schema: { summary: 'Deletes a FAQ', params: FaqParams, response: { 200: Faq } },
    },
    async (request) => {
      const user = requireUser(request);
      return app.db.transaction().execute(async (trx) => {
        const deleted = await deleteFaq(trx, request.params.frequentlyAskedQuestionId);
        if (!deleted) throw notFound(FAQ_NOT_FOUND);
        await writeAudit(trx, {
          actorUserId: user.userId,
          action: 'faq.delete',
          entityType: 'faq',
          entityId: String(deleted.id),
          before: deleted,
        });
        return deleted;
      });
    },
  );
};

export default faqRoutes;
