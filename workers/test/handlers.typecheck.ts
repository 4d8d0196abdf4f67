// Compiled by `tsc -p workers/tsconfig.json` (npm run typecheck), never run: it proves that the
// handler map is checked by job name. Each `@ts-expect-error` must meet an error, so if a map
// missing a handler, or carrying one for no job, ever compiled, the typecheck would fail here.
import type { Database } from '@portal/db';
import { DEFAULT_RETENTION } from '@portal/domain/operations/retention';
import type { BlobStore } from '@portal/storage';
import type { Kysely } from 'kysely';
import { createHandlers } from '../src/handlers.js';
import type { Mailer } from '../src/mail/send-mail.js';
import { defineHandler, type JobHandlers } from '../src/registry.js';

declare const db: Kysely<Database>;
declare const mailer: Mailer;
declare const store: BlobStore;
const all = createHandlers({
  db,
  mailer,
  now: () => new Date(),
  publicUrl: '',
  sessionIdleMinutes: 30,
  store,
  operationsMailbox: 'ops@portal.test',
  subscriptionWindowSeconds: 120,
  wakeWebhooks: () => {},
  retention: DEFAULT_RETENTION,
});

const { 'sessions.purge': _removed, ...withoutSessionsPurge } = all;
// @ts-expect-error -- 'sessions.purge' has no handler: a job without one does not compile.
export const missing: JobHandlers = withoutSessionsPurge;

export const extra: JobHandlers = {
  ...all,
  // @ts-expect-error -- 'reports.orphan' is no job of packages/queue/src/jobs.
  'reports.orphan': defineHandler('mail.send', async () => {}),
};

export const misfiled: JobHandlers = {
  ...all,
  // @ts-expect-error -- a mail.send handler filed under monitors.check.
  'monitors.check': all['mail.send'],
};

export const complete: JobHandlers = all;
