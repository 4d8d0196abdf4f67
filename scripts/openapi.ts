import { parseArgs } from 'node:util';
import {
  approveContract,
  COMMANDS,
  CONTRACT_DIR,
  contractProblems,
  staleProblem,
  writeContract,
} from './openapi/contract.js';
import { buildOpenApiDocument } from './openapi/document.js';

// The API contract (docs/api, docs/contributing/api-contract.md):
//   npx tsx scripts/openapi.ts            checks it, as npm test does
//   npx tsx scripts/openapi.ts --write    writes the document the routes generate (and the approved
//                                         contract with it, unless something breaks)
//   npx tsx scripts/openapi.ts --approve "<why>"
//                                         approves the current document's breaks: the approved
//                                         contract follows it, with one line in approved-breaks.md
async function main() {
  const { values } = parseArgs({ options: { write: { type: 'boolean' }, approve: { type: 'string' } } });
  if (values.write) {
    const breaks = writeContract(CONTRACT_DIR, await buildOpenApiDocument());
    console.log(`openapi: wrote ${CONTRACT_DIR}/openapi.json`);
    if (breaks.length === 0) return;
    console.log(`openapi: it breaks the approved contract:\n${breaks.map((b) => `  ${b}`).join('\n')}`);
    console.log(`openapi: if the break is intended: ${COMMANDS.approve}`);
    process.exitCode = 1;
    return;
  }
  if (values.approve !== undefined) {
    const breaks = approveContract(CONTRACT_DIR, values.approve, new Date());
    console.log(
      breaks.length
        ? `openapi: approved ${breaks.length} break(s); see ${CONTRACT_DIR}/approved-breaks.md`
        : 'openapi: nothing breaks the approved contract; nothing to approve',
    );
    return;
  }
  const stale = staleProblem(CONTRACT_DIR, await buildOpenApiDocument());
  const problems = [...(stale ? [stale] : []), ...contractProblems(CONTRACT_DIR)];
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exitCode = 1;
  else console.log('openapi: the document is current and keeps the approved contract');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
