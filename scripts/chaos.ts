import { parseArgs } from 'node:util';
import { profiles, runChaos } from './chaos/run.js';
import { formatTable } from './chaos/table.js';

// The fault suite, on demand (the short version runs in `npm test`: scripts/chaos/short.test.ts,
// vitest project "chaos"):
//   npx tsx scripts/chaos.ts [--short]
// Needs redis-server, PostgreSQL's initdb/pg_ctl and Debian's haproxy installed (a private cluster,
// Redis and haproxy are started in a temporary folder; nothing shared is touched); all traffic
// stays on 127.0.0.1.
// Prints one table and exits 1 unless every goal is met.
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { short: { type: 'boolean', default: false } } });
  const result = await runChaos(values.short ? profiles.short : profiles.full);
  console.log(formatTable(result));
  return result.goals.every((goal) => goal.met) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
