import { listAuditEntries } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../support/content-fixtures.js';

// SPEC.md §5 FAQ: question and answer are required, the question is unique; every signed-in user
// reads them, internal admins manage them.
describe('FAQs', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    call = caller(t, personas);
  });
  afterAll(async () => t?.close());

  it('lets an internal admin create one, and every signed-in user read it as stored text', async () => {
    const created = await call('internalAdmin', 'POST', '/api/faqs', {
      question: '  How do I get access? ',
      answer: 'Use <b>Report an Issue</b>.<script>alert(1)</script>',
    });
    expect(created.statusCode).toBe(201);
    const faq = created.json();
    expect(faq).toMatchObject({ question: 'How do I get access?' });

    for (const persona of ['externalReports', 'internalNoFeature', 'serviceAccount'] as const) {
      const list = await call(persona, 'GET', '/api/faqs');
      expect(list.statusCode).toBe(200);
      // The answer comes back exactly as written: the SPA shows it as text, never as HTML.
      expect(list.json()).toContainEqual({
        id: faq.id,
        question: 'How do I get access?',
        answer: 'Use <b>Report an Issue</b>.<script>alert(1)</script>',
      });
    }
    const [entry] = await listAuditEntries(t.database.db, 'faq', String(faq.id));
    expect(entry).toMatchObject({ actor_user_id: 'E100001', action: 'faq.create' });
  });

  it('requires a question and an answer', async () => {
    const blankQuestion = await call('internalAdmin', 'POST', '/api/faqs', { question: '  ', answer: 'A' });
    expect(blankQuestion.statusCode).toBe(400);
    expect(blankQuestion.json()).toEqual({ message: 'This field is required.', field: 'question' });
    const blankAnswer = await call('internalAdmin', 'POST', '/api/faqs', { question: 'Q?', answer: '' });
    expect(blankAnswer.json()).toEqual({ message: 'This field is required.', field: 'answer' });
  });

  it('refuses a question already in use, whatever its case and spaces', async () => {
    await call('internalAdmin', 'POST', '/api/faqs', {
      question: 'Where are my reports?',
      answer: 'Reports.',
    });
    const duplicate = await call('internalAdmin', 'POST', '/api/faqs', {
      question: ' WHERE ARE MY REPORTS? ',
      answer: 'Elsewhere.',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'This value is already in use.', field: 'question' });
  });

  it('edits by id, refusing a question another FAQ asks', async () => {
    const a = (await call('internalAdmin', 'POST', '/api/faqs', { question: 'First?', answer: '1' })).json();
    await call('internalAdmin', 'POST', '/api/faqs', { question: 'Second?', answer: '2' });

    const edited = await call('internalAdmin', 'PUT', '/api/faqs', {
      id: a.id,
      question: 'First, edited?',
      answer: '1b',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id: a.id, question: 'First, edited?', answer: '1b' });

    const clash = await call('internalAdmin', 'PUT', '/api/faqs', {
      id: a.id,
      question: 'second?',
      answer: 'x',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This value is already in use.');

    const missing = await call('internalAdmin', 'PUT', '/api/faqs', {
      id: 999_999,
      question: 'Q',
      answer: 'A',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes by frequentlyAskedQuestionId', async () => {
    const faq = (
      await call('internalAdmin', 'POST', '/api/faqs', { question: 'Gone soon?', answer: 'Yes.' })
    ).json();
    const deleted = await call('internalAdmin', 'DELETE', `/api/faqs/${faq.id}`);
    expect(deleted.statusCode).toBe(200);
    const list = (await call('internalAdmin', 'GET', '/api/faqs')).json() as { id: number }[];
    expect(list.some((f) => f.id === faq.id)).toBe(false);
    expect((await call('internalAdmin', 'DELETE', `/api/faqs/${faq.id}`)).statusCode).toBe(404);
  });

  it('refuses changes from anyone but an internal admin', async () => {
    const post = await call('externalReports', 'POST', '/api/faqs', { question: 'Mine?', answer: 'No.' });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe('Access to this place or content is restricted.');
    expect((await call('anonymous', 'GET', '/api/faqs')).statusCode).toBe(401);
  });
});
