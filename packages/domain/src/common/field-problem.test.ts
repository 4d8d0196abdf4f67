import { describe, expect, it } from 'vitest';
import { problems, requiredProblem, tooLongProblem } from './field-problem.js';

// Issue 26: the three helpers every form rule is built from.
describe('field problems', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    [' \t\n', true],
    ['x', false],
    [' x ', false],
  ])('a required value %o is missing: %s', (value, missing) => {
    expect(requiredProblem('name', value)).toEqual(
      missing ? { field: 'name', message: 'This field is required.' } : null,
    );
  });

  it('counts the length of the trimmed value, up to the limit and not past it', () => {
    expect(tooLongProblem('name', ' abc ', 3)).toBeNull();
    expect(tooLongProblem('name', 'abcd', 3)).toEqual({
      field: 'name',
      message: 'Use at most 3 characters.',
    });
  });

  it('keeps the first problem of each field, in order, and drops the fields without one', () => {
    expect(
      problems(null, { field: 'a', message: 'first of a' }, { field: 'b', message: 'first of b' }, null, {
        field: 'a',
        message: 'second of a',
      }),
    ).toEqual([
      { field: 'a', message: 'first of a' },
      { field: 'b', message: 'first of b' },
    ]);
    expect(problems()).toEqual([]);
  });
});
