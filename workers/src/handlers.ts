import type { Database } from '@portal/db';
import type { Kysely } from 'kysely';
import { dashboardEventHandler } from './activity/dashboard-event.js';
import { type Mailer, sendMailHandler } from './mail/send-mail.js';
import type { AnyJobHandler } from './registry.js';

export type HandlerDependencies = { db: Kysely<Database>; mailer: Mailer };

// Every job's handler, one per job of packages/queue/src/jobs. createRegistry checks the pairing.
export function createHandlers({ db, mailer }: HandlerDependencies): AnyJobHandler[] {
  return [dashboardEventHandler(db), sendMailHandler(db, mailer)];
}
