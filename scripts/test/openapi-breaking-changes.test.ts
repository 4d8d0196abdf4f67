import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakingChanges } from '../openapi/breaking-changes.js';
import {
  approveContract,
  changelogEntries,
  contractProblems,
  FILES,
  staleProblem,
  writeContract,
} from '../openapi/contract.js';
import type { OpenApiDocument } from '../openapi/document.js';

// The comparison on the API's own committed document, changed the ways a client can be broken
// (and the ways it cannot), then the whole approval flow on a copy of the contract.
// biome-ignore lint/suspicious/noExplicitAny: the tests edit the JSON document in place, any shape
type Schema = Record<string, any>;
const docPath = fileURLToPath(new URL('../../docs/api/openapi.json', import.meta.url));
let base: OpenApiDocument;

beforeAll(async () => {
  base = JSON.parse(await readFile(docPath, 'utf8'));
});

const SUBSCRIPTIONS = '/api/subscriptions';
const REPORTS = '/api/reports/{accessTypeCode}/{partnerCode}/{reportCategoryCode}';
const FAQS = '/api/faqs';

function changed(edit: (doc: Schema) => void): OpenApiDocument {
  const doc = structuredClone(base) as Schema;
  edit(doc);
  return doc as OpenApiDocument;
}
const subscriptionItem = (doc: Schema) =>
  doc.paths[SUBSCRIPTIONS].get.responses['200'].content['application/json'].schema.properties.subscriptions
    .items;
const reportsParameter = (doc: Schema, name: string) =>
  doc.paths[REPORTS].get.parameters.find((p: Schema) => p.name === name);
const faqBody = (doc: Schema) => doc.paths[FAQS].post.requestBody.content['application/json'].schema;

it('finds nothing between the document and itself', () => {
  expect(breakingChanges(base, structuredClone(base))).toEqual([]);
});

describe('breaks', () => {
  const cases: Array<[string, (doc: Schema) => void, string]> = [
    [
      'a removed reply field',
      (d) => {
        const item = subscriptionItem(d);
        delete item.properties.pendingReports;
        item.required = item.required.filter((n: string) => n !== 'pendingReports');
      },
      'GET /api/subscriptions: response 200: subscriptions[].pendingReports: removed',
    ],
    [
      'a reply field no longer always present',
      (d) => {
        const item = subscriptionItem(d);
        item.required = item.required.filter((n: string) => n !== 'createdAt');
      },
      'GET /api/subscriptions: response 200: subscriptions[].createdAt: no longer always present',
    ],
    [
      'a removed operation',
      (d) => delete d.paths['/api/form/batches'],
      'GET /api/form/batches: operation removed',
    ],
    ['a removed method', (d) => delete d.paths[FAQS].put, 'PUT /api/faqs: operation removed'],
    [
      'a removed response',
      (d) => delete d.paths[SUBSCRIPTIONS].get.responses['200'],
      'GET /api/subscriptions: response 200: removed',
    ],
    [
      'a reply type changed',
      (d) => {
        subscriptionItem(d).properties.subscriptionId = { type: 'string' };
      },
      'GET /api/subscriptions: response 200: subscriptions[].subscriptionId: type integer became string',
    ],
    [
      'a reply field that may now be null',
      (d) => {
        subscriptionItem(d).properties.createdAt.nullable = true;
      },
      'GET /api/subscriptions: response 200: subscriptions[].createdAt: may now be null',
    ],
    [
      'a new value in a reply enum',
      (d) => {
        subscriptionItem(d).properties.delivery.anyOf.push({ type: 'string', enum: ['WEEKLY'] });
      },
      'GET /api/subscriptions: response 200: subscriptions[].delivery: value WEEKLY not in the approved contract',
    ],
    [
      'a narrowed path parameter',
      (d) => {
        reportsParameter(d, 'partnerCode').schema.maxLength = 10;
      },
      `GET ${REPORTS}: path parameter partnerCode: maxLength lowered to 10`,
    ],
    [
      'a query parameter limited to an enum',
      (d) => {
        reportsParameter(d, 'startDate').schema.enum = ['2026-01-01'];
      },
      `GET ${REPORTS}: query parameter startDate: now limited to an enum`,
    ],
    [
      'a raised minimum',
      (d) => {
        d.paths['/api/subscriptions/{subscriptionId}'].put.parameters[0].schema.minimum = 100;
      },
      'PUT /api/subscriptions/{subscriptionId}: path parameter subscriptionId: minimum raised to 100',
    ],
    [
      'a new required query parameter',
      (d) => {
        d.paths[REPORTS].get.parameters.push({
          in: 'query',
          name: 'region',
          required: true,
          schema: { type: 'string' },
        });
      },
      `GET ${REPORTS}: query parameter region: new and required`,
    ],
    [
      'an optional query parameter made required',
      (d) => {
        reportsParameter(d, 'startDate').required = true;
      },
      `GET ${REPORTS}: query parameter startDate: now required`,
    ],
    [
      'a new required body field',
      (d) => {
        faqBody(d).properties.category = { type: 'string' };
        faqBody(d).required.push('category');
      },
      'POST /api/faqs: request body: category: new and required',
    ],
    [
      'a body field narrowed by a pattern',
      (d) => {
        faqBody(d).properties.question.pattern = '^[A-Za-z ]+$';
      },
      'POST /api/faqs: request body: question: pattern now "^[A-Za-z ]+$"',
    ],
    [
      'a body field with a lower maxLength',
      (d) => {
        faqBody(d).properties.question.maxLength = 200;
      },
      'POST /api/faqs: request body: question: maxLength lowered to 200',
    ],
    [
      'a body field limited to an enum',
      (d) => {
        faqBody(d).properties.question = { type: 'string', enum: ['a', 'b'] };
      },
      'POST /api/faqs: request body: question: now limited to an enum',
    ],
    [
      'a body field of another type',
      (d) => {
        faqBody(d).properties.question.type = 'integer';
      },
      'POST /api/faqs: request body: question: type string narrowed to integer',
    ],
    [
      'a body field that no longer takes null',
      (d) => {
        faqBody(d).properties.id.nullable = false;
      },
      'POST /api/faqs: request body: id: null no longer accepted',
    ],
    [
      'a keyword the comparison does not know, changed',
      (d) => {
        faqBody(d).properties.question.not = { const: '' };
      },
      'POST /api/faqs: request body: question: not changed',
    ],
  ];
  it.each(cases)('%s', (_what, edit, expected) => {
    expect(breakingChanges(base, changed(edit))).toContain(expected);
  });
});

describe('not breaks', () => {
  const cases: Array<[string, (doc: Schema) => void]> = [
    [
      'a new optional reply field, a new operation and a new optional query parameter',
      (d) => {
        subscriptionItem(d).properties.note = { type: 'string' };
        d.paths['/api/new-thing'] = { get: { responses: { '200': { description: 'ok' } } } };
        d.paths[REPORTS].get.parameters.push({
          in: 'query',
          name: 'q',
          required: false,
          schema: { type: 'string' },
        });
      },
    ],
    [
      'a widened input',
      (d) => {
        reportsParameter(d, 'partnerCode').schema.maxLength = 100;
        faqBody(d).required = ['question'];
      },
    ],
    [
      'a reply narrowed (fewer values than the contract allows)',
      (d) => {
        subscriptionItem(d).properties.delivery.anyOf.pop();
        subscriptionItem(d).properties.digestTime.nullable = false;
      },
    ],
    [
      'a description changed',
      (d) => {
        d.paths[SUBSCRIPTIONS].get.summary = 'Another summary';
        faqBody(d).properties.question.description = 'The question';
      },
    ],
  ];
  it.each(cases)('%s', (_what, edit) => {
    expect(breakingChanges(base, changed(edit))).toEqual([]);
  });
});

describe('the approval flow', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-contract-'));
    await writeFile(join(dir, FILES.changelog), '# Approved breaks\n\nApproved breaks, oldest first:\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses a removed reply field until its approval is recorded, with its line', async () => {
    expect(writeContract(dir, base)).toEqual([]);
    expect(contractProblems(dir)).toEqual([]);

    const withoutField = changed((d) => {
      const item = subscriptionItem(d);
      delete item.properties.pendingReports;
      item.required = item.required.filter((n: string) => n !== 'pendingReports');
    });
    expect(staleProblem(dir, withoutField)).toMatch(/run npx tsx scripts\/openapi.ts --write/);
    const breaks = writeContract(dir, withoutField);
    expect(breaks).toEqual(['GET /api/subscriptions: response 200: subscriptions[].pendingReports: removed']);
    expect(staleProblem(dir, withoutField)).toBeUndefined();
    const refused = contractProblems(dir).join('\n');
    expect(refused).toContain('subscriptions[].pendingReports: removed');
    expect(refused).toContain('--approve');

    expect(approveContract(dir, 'The count moved to its own read', new Date('2026-11-27T12:00:00Z'))).toEqual(
      breaks,
    );
    expect(contractProblems(dir)).toEqual([]);
    const entries = changelogEntries(await readFile(join(dir, FILES.changelog), 'utf8'));
    expect(entries).toEqual([
      '- 2026-11-27: The count moved to its own read. Breaks: GET /api/subscriptions: response 200: subscriptions[].pendingReports: removed.',
    ]);
  });

  it('takes additions into the approved contract on --write', async () => {
    const withField = changed((d) => {
      subscriptionItem(d).properties.note = { type: 'string' };
    });
    expect(writeContract(dir, withField)).toEqual([]);
    expect(contractProblems(dir)).toEqual([]);
  });

  it('refuses an approved contract changed by hand, without its changelog line', async () => {
    const current = await readFile(join(dir, FILES.current), 'utf8');
    const removed = JSON.parse(current);
    delete removed.paths['/api/form/batches'];
    await writeFile(join(dir, FILES.current), JSON.stringify(removed));
    await writeFile(join(dir, FILES.approved), JSON.stringify(removed));
    expect(contractProblems(dir).join('\n')).toMatch(/counts 0 approved breaks but .* has 1 lines/);
  });
});
