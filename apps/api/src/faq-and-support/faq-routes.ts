import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listFaqs } from '@portal/db';
import { Nullable } from '@portal/domain/api/common';
import { Faq, Faqs } from '@portal/domain/api/faqs';
import { Type } from 'typebox';
import { SerialId } from '../lib/http/route-params.js';
import { requireUser } from '../plugins/access.js';
import { addFaq } from './add-faq.js';
import { deleteFaq } from './delete-faq.js';
import { editFaq } from './edit-faq.js';

// SPEC.md §7 FAQ: every signed-in user reads them; internal admins create, edit and delete them.
// Answers are plain text: the SPA shows them as text, never as HTML.

const adminOnly = { access: { feature: 'INTERNAL_ADMIN' as const } };
const FaqBody = Type.Object({
  question: Type.String({ maxLength: 20_000 }),
  answer: Type.String({ maxLength: 50_000 }),
});
const FaqParams = Type.Object({ frequentlyAskedQuestionId: SerialId });
const faqRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/faqs',
    {
      config: { access: 'authenticated' },
      schema: { summary: 'Questions and answers', response: { 200: Faqs } },
    },
    async () => listFaqs(app.db),
  );

  app.post(
    '/api/faqs',
    {
      config: adminOnly,
      schema: {
        summary: 'Adds a FAQ (the question is unique)',
        body: Type.Evaluate(
          Type.Intersect([Type.Object({ id: Type.Optional(Nullable(Type.Integer())) }), FaqBody]),
        ),
        response: { 201: Faq },
      },
    },
    async (request, reply) => {
      const { userId: actorUserId } = requireUser(request);
      const { question, answer } = request.body;
      return reply.status(201).send(await addFaq({ db: app.db }, { actorUserId, faq: { question, answer } }));
    },
  );

  app.put(
    '/api/faqs',
    {
      config: adminOnly,
      schema: {
        summary: 'Edits the FAQ named by id',
        body: Type.Evaluate(Type.Intersect([Type.Object({ id: SerialId }), FaqBody])),
        response: { 200: Faq },
      },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      const { id, question, answer } = request.body;
      return editFaq({ db: app.db }, { actorUserId, id, faq: { question, answer } });
    },
  );

  app.delete(
    '/api/faqs/:frequentlyAskedQuestionId',
    {
      config: adminOnly,
      schema: { summary: 'Deletes a FAQ', params: FaqParams, response: { 200: Faq } },
    },
    async (request) => {
      const { userId: actorUserId } = requireUser(request);
      return deleteFaq({ db: app.db }, { actorUserId, id: request.params.frequentlyAskedQuestionId });
    },
  );
};

export default faqRoutes;
