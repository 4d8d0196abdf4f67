import { expect, it } from 'vitest';
import { profiles, runChaos } from './run.js';
import { formatTable } from './table.js';

// The short fault suite (two APIs behind Debian's haproxy on deploy/haproxy.cfg and the workers of
// compose.yaml; SIGTERM to an API, kill -9 of the other, SIGTERM and kill -9 of the mail worker mid
// mail, 2 Redis outages, a Postgres restart, under a mix that includes tenant invitations and
// disputes batches), as its own step of `npm test` (vitest project "chaos", before the web and
// integration tests, so it does not compete with them for the CPU, beside the browser line).
// The full one: npx tsx scripts/chaos.ts
it('loses nothing, sends no mail twice and meets every goal', async () => {
  const result = await runChaos(profiles.short, { log: () => {} });
  const table = formatTable(result);
  console.log(table);
  expect(result.events.expected).toBeGreaterThan(100);
  expect(result.mails.expected).toBeGreaterThan(5);
  expect(result.invitationMails.expected).toBeGreaterThan(5);
  expect(result.batches.expected).toBeGreaterThan(5);
  for (const goal of result.goals) expect(goal.met, `${goal.goal}: ${goal.detail}\n${table}`).toBe(true);
}, 420_000);
