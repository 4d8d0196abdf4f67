import type { Faq, FaqInput } from '@portal/domain';
import type { Db } from '../db.js';

// FAQs (SPEC.md §3): the question is unique, trimmed and case-insensitively (faqs_question_ci).

/** A write refused because another FAQ already asks this question. */
export type FaqWrite = { faq: Faq } | { duplicate: true } | { notFound: true };

const columns = ['faq_id as id', 'question', 'answer'] as const;

export async function listFaqs(db: Db): Promise<Faq[]> {
  return db.selectFrom('faqs').select(columns).orderBy('faq_id').execute();
}

export async function findFaq(db: Db, id: number): Promise<Faq | undefined> {
  return db.selectFrom('faqs').select(columns).where('faq_id', '=', id).executeTakeFirst();
}

const isDuplicateQuestion = (error: unknown) => {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === 'faqs_question_ci';
};

async function guarded(write: () => Promise<Faq | undefined>): Promise<FaqWrite> {
  try {
    const faq = await write();
    return faq ? { faq } : { notFound: true };
  } catch (error) {
    if (isDuplicateQuestion(error)) return { duplicate: true };
    throw error;
  }
}

export async function createFaq(db: Db, input: FaqInput): Promise<FaqWrite> {
  return guarded(() =>
    db
      .insertInto('faqs')
      .values({ question: input.question, answer: input.answer, updated_at: new Date() })
      .returning(columns)
      .executeTakeFirst(),
  );
}

export async function updateFaq(db: Db, id: number, input: FaqInput): Promise<FaqWrite> {
  return guarded(() =>
    db
      .updateTable('faqs')
      .set({ question: input.question, answer: input.answer, updated_at: new Date() })
      .where('faq_id', '=', id)
      .returning(columns)
      .executeTakeFirst(),
  );
}

/** The deleted FAQ, or undefined when there was none. */
export async function deleteFaq(db: Db, id: number): Promise<Faq | undefined> {
  return db.deleteFrom('faqs').where('faq_id', '=', id).returning(columns).executeTakeFirst();
}
