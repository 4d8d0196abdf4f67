import type { FaqWrite } from '@portal/db';
import { type FaqInput, faqProblems, MESSAGES, normalizeFaq } from '@portal/domain';
import { conflict, notFound } from '../lib/http/errors.js';
import { throwFirstProblem } from '../lib/http/field-errors.js';

export const FAQ_NOT_FOUND = 'The FAQ was not found.';

export function validated(body: FaqInput): FaqInput {
  throwFirstProblem(faqProblems(body));
  return normalizeFaq(body);
}

export function saved(result: FaqWrite) {
  if ('duplicate' in result) throw conflict(MESSAGES.duplicate, { field: 'question' });
  if ('notFound' in result) throw notFound(FAQ_NOT_FOUND);
  return result.faq;
}
