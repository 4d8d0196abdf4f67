import { type TSchema, Type } from 'typebox';
import { Settings } from 'typebox/system';
import { describe, expect, it } from 'vitest';
import { schemaProblems } from './schema-errors.js';

// Issue 26: every keyword in the words of TypeBox 0.34, with the path it names.
describe('schema problems in the settings and job checks words', () => {
  it('finds nothing wrong with a value that matches', () => {
    expect(schemaProblems(Type.Object({ a: Type.Integer() }), { a: 1 })).toEqual([]);
  });

  it.each([
    ['integer', Type.Integer(), 'x', 'Expected integer'],
    ['string', Type.String(), 1, 'Expected string'],
    ['boolean', Type.Boolean(), null, 'Expected boolean'],
    ['several types', Type.Union([Type.String(), Type.Number()]), true, 'Expected union value'],
    ['a const string, quoted', Type.Literal('on'), 'off', "Expected 'on'"],
    ['a const number, bare', Type.Literal(3), 4, 'Expected 3'],
    ['an integer minimum', Type.Integer({ minimum: 1 }), 0, 'Expected integer to be greater or equal to 1'],
    ['a number maximum', Type.Number({ maximum: 2.5 }), 3, 'Expected number to be less or equal to 2.5'],
    [
      'an exclusive minimum',
      Type.Integer({ exclusiveMinimum: 0 }),
      0,
      'Expected integer to be greater than 0',
    ],
    ['an exclusive maximum', Type.Number({ exclusiveMaximum: 10 }), 10, 'Expected number to be less than 10'],
    ['a minimum length', Type.String({ minLength: 2 }), 'a', 'Expected string length greater or equal to 2'],
    ['a maximum length', Type.String({ maxLength: 2 }), 'abc', 'Expected string length less or equal to 2'],
    ['a pattern', Type.String({ pattern: '^[a-z]+$' }), 'A', "Expected string to match '^[a-z]+$'"],
    ['a format', Type.String({ format: 'uri' }), 'not a uri', "Expected string to match 'uri' format"],
    [
      'a minimum of items',
      Type.Array(Type.String(), { minItems: 1 }),
      [],
      'Expected array length to be greater or equal to 1',
    ],
    [
      'a maximum of items',
      Type.Array(Type.String(), { maxItems: 1 }),
      ['a', 'b'],
      'Expected array length to be less or equal to 1',
    ],
  ])('%s', (_, schema, value, message) => {
    expect(schemaProblems(schema, value)).toEqual([{ path: '', message }]);
  });

  it('names both types of a value that may be either', () => {
    expect(schemaProblems(Type.Unsafe({ type: ['string', 'number'] }), true)).toEqual([
      { path: '', message: 'Expected string or number' },
    ]);
  });

  it('keeps TypeBox 1 words for a keyword 0.34 had no words of its own for', () => {
    const [problem, ...more] = schemaProblems(Type.Integer({ multipleOf: 5 }), 7);
    expect(more).toEqual([]);
    expect(problem?.path).toBe('');
    expect(problem?.message).toMatch(/multiple of 5/);
  });

  it('names a missing property, then what its own schema says of no value', () => {
    const schema = Type.Object({ PORT: Type.Integer(), HOST: Type.Optional(Type.String()) });
    expect(schemaProblems(schema, {})).toEqual([
      { path: '/PORT', message: 'Expected required property' },
      { path: '/PORT', message: 'Expected integer' },
    ]);
  });

  it('names each missing property of a nested object by its pointer, escaping ~ and /', () => {
    const schema = Type.Array(Type.Object({ 'a/b': Type.String(), 'c~d': Type.String() }));
    expect(schemaProblems(schema, [{ 'a/b': 'x', 'c~d': 'y' }, {}])).toEqual([
      { path: '/1/a~1b', message: 'Expected required property' },
      { path: '/1/a~1b', message: 'Expected string' },
      { path: '/1/c~0d', message: 'Expected required property' },
      { path: '/1/c~0d', message: 'Expected string' },
    ]);
  });

  it('says a property that should not be there once, on that property', () => {
    const schema = Type.Object({ a: Type.String() }, { additionalProperties: false });
    expect(schemaProblems(schema, { a: 'x', 'b/c': 1 })).toEqual([
      { path: '/b~1c', message: 'Unexpected property' },
    ]);
  });

  it('says a failing union once, not once per member, and reports beside it', () => {
    const schema = Type.Object({
      mode: Type.Union([Type.Literal('a'), Type.Literal('b')]),
      port: Type.Integer({ minimum: 1 }),
    });
    expect(schemaProblems(schema, { mode: 'c', port: 0 })).toEqual([
      { path: '/mode', message: 'Expected union value' },
      { path: '/port', message: 'Expected integer to be greater or equal to 1' },
    ]);
  });

  it('reports every wrong field of a large object, past TypeBox 1s default of 8, and restores it', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `K${i}`);
    const schema = Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Integer()])));
    const before = Settings.Get().maxErrors;
    const found = schemaProblems(schema, Object.fromEntries(keys.map((k) => [k, 'x'])));
    expect(found.map((p) => p.path)).toEqual(keys.map((k) => `/${k}`));
    expect(found.every((p) => p.message === 'Expected integer')).toBe(true);
    expect(Settings.Get().maxErrors).toBe(before);
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md).
describe('schema problems at the edges of the schema and of TypeBox', () => {
  it.each([
    ['no properties at all', { type: 'object', required: ['a'] }],
    ['properties of null', { type: 'object', properties: null, required: ['a'] }],
    ['properties not naming it', { type: 'object', properties: {}, required: ['a'] }],
    ['a null schema for it', { type: 'object', properties: { a: null }, required: ['a'] }],
  ])('names a missing property its schema does not describe (%s)', (_, schema) => {
    expect(schemaProblems(schema as unknown as TSchema, {})).toEqual([
      { path: '/a', message: 'Expected required property' },
    ]);
  });

  it('says what TypeBox says of a false schema that is not about additional properties', () => {
    const schema = { type: 'object', properties: { a: false } } as unknown as TSchema;
    expect(schemaProblems(schema, { a: 1 })).toEqual([{ path: '/a', message: 'schema is false' }]);
  });

  it('names the type an additional property must have', () => {
    const schema = Type.Object({ a: Type.Integer() }, { additionalProperties: Type.String() });
    expect(schemaProblems(schema, { a: 1, b: 2 })).toContainEqual({ path: '/b', message: 'Expected string' });
  });

  it('says unexpected properties even when there are more of them than TypeBox gathers errors', () => {
    const schema = Type.Object({}, { additionalProperties: false });
    const value = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]));
    const found = schemaProblems(schema, value);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.message === 'Unexpected property')).toBe(true);
    expect(found[0]).toEqual({ path: '/k0', message: 'Unexpected property' });
  });

  it('puts back whatever error bound the process had set', () => {
    const before = Settings.Get().maxErrors;
    try {
      Settings.Set({ maxErrors: 5 });
      schemaProblems(Type.Object({ a: Type.Integer() }), { a: 'x' });
      expect(Settings.Get().maxErrors).toBe(5);
    } finally {
      Settings.Set({ maxErrors: before });
    }
  });
});
