import type { Database } from '@portal/db';
import type { Kysely } from 'kysely';
import { dashboardEventHandler } from './activity/dashboard-event.js';
import { type Mailer, sendMailHandler } from './mail/send-mail.js';
import { monitorsCheckHandler, monitorsScheduleHandler } from './monitors/handlers.js';
import type { AnyJobHandler } from './registry.js';
import { sessionsPurgeHandler } from './sessions/purge.js';

export type HandlerDependencies = {
  db: Kysely<Database>;
  mailer: Mailer;
  /** The clock of time-driven jobs (report monitor checks); tests fix it. */
  now: () => Date;
  /** The portal's public origin, for links in emails. */
  publicUrl: string;
  /** SESSION_IDLE_MINUTES: sessions idle longer are purged. */
  sessionIdleMinutes: number;
};

// Every job's handler, one per job of packages/queue/src/jobs. createRegistry checks the pairing.
export function createHandlers({
  db,
  mailer,
  now,
  publicUrl,
  sessionIdleMinutes,
}: HandlerDependencies): AnyJobHandler[] {
  return [
    dashboardEventHandler(db),
    sendMailHandler(db, mailer),
    monitorsCheckHandler({ db, now, publicUrl }),
    monitorsScheduleHandler({ db, now, publicUrl }),
    sessionsPurgeHandler({ db, sessionIdleMinutes }),
  ];
}
