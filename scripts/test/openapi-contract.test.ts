import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { contractProblems, staleProblem } from '../openapi/contract.js';
import { buildOpenApiDocument } from '../openapi/document.js';

// The API contract of npm test: the committed document is the one the routes generate, and it
// keeps the approved contract (or its breaks are approved, each with its line in the changelog).
const dir = fileURLToPath(new URL('../../docs/api', import.meta.url));

it('docs/api/openapi.json is the document the routes generate', async () => {
  expect(staleProblem(dir, await buildOpenApiDocument())).toBeUndefined();
});

it('the document keeps the approved contract, and every approval has its line', () => {
  expect(contractProblems(dir).join('\n')).toBe('');
});
