import { describe, expect, it } from 'vitest';
import { boundedStatement, STATEMENT_TEXT_LIMIT } from './tracing.js';

describe("a SQL span's statement text", () => {
  it('keeps a short statement whole', () => {
    expect(boundedStatement('select 1')).toBe('select 1');
    const atLimit = 'x'.repeat(STATEMENT_TEXT_LIMIT);
    expect(boundedStatement(atLimit)).toBe(atLimit);
  });

  it('cuts a long one at the limit, saying so in ASCII', () => {
    const long = `insert into "outbox" ${'"column", '.repeat(200)}`;
    const bounded = boundedStatement(long);
    expect(bounded).toBe(`${long.slice(0, STATEMENT_TEXT_LIMIT)}...`);
    expect(bounded).toMatch(/^insert into "outbox"/);
    expect(bounded).toMatch(/^[\x20-\x7e]*$/);
  });
});
