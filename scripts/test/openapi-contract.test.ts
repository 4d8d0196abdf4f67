import { expect, it } from 'vitest';
import { CONTRACT_DIR, contractProblems, staleProblem } from '../openapi/contract.js';
import { buildOpenApiDocument } from '../openapi/document.js';

// The API contract of npm test (run from the repository's root, as vitest is): the committed
// document is the one the routes generate, and it keeps the approved contract (or its breaks are
// approved, each with its line in the changelog). A failure says which command to run.

it('docs/api/openapi.json is the document the routes generate', async () => {
  expect(staleProblem(CONTRACT_DIR, await buildOpenApiDocument()) ?? '').toBe('');
});

it('the document keeps the approved contract, and every approval has its line', () => {
  expect(contractProblems(CONTRACT_DIR).join('\n')).toBe('');
});
