import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { faqProblems, normalizeFaq, searchFaqs } from './faq.js';

describe('FAQ validation', () => {
  it('requires a question and an answer that are not blank after trimming', () => {
    expect(faqProblems({ question: '  ', answer: '\n' })).toEqual([
      { field: 'question', message: 'This field is required.' },
      { field: 'answer', message: 'This field is required.' },
    ]);
    expect(faqProblems({ question: 'Why?', answer: 'Because.' })).toEqual([]);
  });

  it('refuses texts longer than the limits', () => {
    expect(faqProblems({ question: 'q'.repeat(501), answer: 'a' })).toEqual([
      { field: 'question', message: 'Use at most 500 characters.' },
    ]);
  });

  it('holds each text up to its limit and not past it (issue 26)', () => {
    expect(faqProblems({ question: 'q'.repeat(500), answer: 'a'.repeat(10_000) })).toEqual([]);
    expect(faqProblems({ question: 'q', answer: 'a'.repeat(10_001) })).toEqual([
      { field: 'answer', message: 'Use at most 10000 characters.' },
    ]);
  });

  it('searches words across the line between question and answer, not as one word', () => {
    const faqs = [{ question: 'Where is my report', answer: 'In the list.' }];
    expect(searchFaqs(faqs, 'reportin')).toEqual([]);
    expect(searchFaqs(faqs, '  REPORT\tlist  ')).toEqual(faqs);
  });

  it('stores trimmed texts', () => {
    expect(normalizeFaq({ question: ' Why? ', answer: ' Because. ' })).toEqual({
      question: 'Why?',
      answer: 'Because.',
    });
  });
});

describe('FAQ search', () => {
  const faqs = [
    { question: 'How do I download a report?', answer: 'Select up to three reports.' },
    { question: 'Which time zone?', answer: 'Dates are in UTC.' },
  ];

  it('matches every word in the question or the answer, ignoring case', () => {
    expect(searchFaqs(faqs, 'DOWNLOAD three')).toEqual([faqs[0]]);
    expect(searchFaqs(faqs, 'utc')).toEqual([faqs[1]]);
    expect(searchFaqs(faqs, 'download utc')).toEqual([]);
  });

  it('returns everything for a blank search, and never more than it was given', () => {
    expect(searchFaqs(faqs, '   ')).toEqual(faqs);
    fc.assert(
      fc.property(fc.string(), (search) => {
        const found = searchFaqs(faqs, search);
        expect(found.every((faq) => faqs.includes(faq))).toBe(true);
      }),
    );
  });
});
