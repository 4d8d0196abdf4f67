import { type FieldProblem, problems, requiredProblem, tooLongProblem } from '../common/field-problem.js';

// SPEC.md §5 FAQ: question and answer are required; the question is unique (the database holds
// that rule: a unique index on the trimmed, lower-cased question).

/** A stored FAQ: the reply shape of SPEC.md §7 FAQ (api/faqs.ts). */
export type { Faq } from '../api/faqs.js';
export type FaqInput = { question: string; answer: string };

export const FAQ_QUESTION_MAX = 500;
export const FAQ_ANSWER_MAX = 10_000;

export function faqProblems(input: FaqInput): FieldProblem<keyof FaqInput>[] {
  return problems(
    requiredProblem('question', input.question),
    tooLongProblem('question', input.question, FAQ_QUESTION_MAX),
    requiredProblem('answer', input.answer),
    tooLongProblem('answer', input.answer, FAQ_ANSWER_MAX),
  );
}

/** What is stored: both texts trimmed. */
export function normalizeFaq(input: FaqInput): FaqInput {
  return { question: input.question.trim(), answer: input.answer.trim() };
}

/** The FAQs whose question or answer holds every word of `search`, case-insensitively. */
export function searchFaqs<T extends FaqInput>(faqs: readonly T[], search: string): T[] {
  const words = search.toLowerCase().match(/\S+/g) ?? [];
  return faqs.filter((faq) => {
    const text = `${faq.question}\n${faq.answer}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
