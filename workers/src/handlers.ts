import type { Database } from '@portal/db';
import type { RetentionSettings } from '@portal/domain/operations/retention';
import type { BlobStore } from '@portal/storage';
import type { Kysely } from 'kysely';
import { sessionsPurgeHandler } from './authentication/purge.js';
import { dashboardEventHandler } from './dashboards/dashboard-event.js';
import { batchesRunHandler, batchesScheduleHandler } from './forms/handlers.js';
import { type Mailer, sendMailHandler } from './mail/send-mail.js';
import { monitorsCheckHandler, monitorsScheduleHandler } from './monitors/handlers.js';
import type { JobHandlers } from './registry.js';
import { retentionApplyHandler } from './retention/apply-retention.js';
import { sendInvitationHandler } from './saas-users/send-invitation.js';
import { sendInvitationMailHandler } from './saas-users/send-invitation-mail.js';
import { dispatchSubscriptionsHandler } from './subscriptions/dispatch-subscriptions.js';
import { reportEventHandler } from './subscriptions/report-event.js';
import { type WakeDispatcher, webhooksDeliverHandler, webhooksWakeHandler } from './webhooks/wake.js';

export type HandlerDependencies = {
  db: Kysely<Database>;
  mailer: Mailer;
  /** The clock of every job that reads the time (monitor checks, batches and their catch-up, invitation expiry); tests fix it. */
  now: () => Date;
  /** The portal's public origin, for links in emails. */
  publicUrl: string;
  /** SESSION_IDLE_MINUTES: sessions idle longer are purged. */
  sessionIdleMinutes: number;
  /** Where the batch files of the operational forms are written. */
  store: BlobStore;
  /** OPERATIONS_MAILBOX: the summary of each batch goes there. */
  operationsMailbox: string;
  /** SUBSCRIPTION_WINDOW_SECONDS: reports landing this close together go in one subscription mail. */
  subscriptionWindowSeconds: number;
  /** Wakes this process's webhook dispatcher (none when it does not consume the webhooks queue). */
  wakeWebhooks: WakeDispatcher;
  /** *_RETENTION_*: how long each growing table keeps its rows. */
  retention: RetentionSettings;
};

// Every job's handler, keyed by the job's name: a job of packages/queue/src/jobs without its
// handler here (or a handler for no job) is a compile error.
export function createHandlers({
  db,
  mailer,
  now,
  publicUrl,
  sessionIdleMinutes,
  store,
  operationsMailbox,
  subscriptionWindowSeconds,
  wakeWebhooks,
  retention,
}: HandlerDependencies): JobHandlers {
  const batches = { db, store, now, operationsMailbox };
  return {
    'activity.dashboard-event': dashboardEventHandler({
      db,
      now,
      retentionMonths: retention.dashboardEventsMonths,
    }),
    'invitations.send': sendInvitationHandler({ db, now }),
    'mail.send': sendMailHandler(db, mailer),
    'mail.invitation': sendInvitationMailHandler({ db, mailer, publicUrl, now }),
    'monitors.check': monitorsCheckHandler({ db, now, publicUrl }),
    'monitors.schedule': monitorsScheduleHandler({ db, now, publicUrl }),
    'sessions.purge': sessionsPurgeHandler({ db, sessionIdleMinutes }),
    'retention.apply': retentionApplyHandler({ db, now, retention }),
    'batches.disputes-schedule': batchesScheduleHandler('disputes', batches),
    'batches.invoices-schedule': batchesScheduleHandler('invoices', batches),
    'batches.run': batchesRunHandler(batches),
    'notifications.report-event': reportEventHandler(db, now, wakeWebhooks),
    'subscriptions.dispatch': dispatchSubscriptionsHandler(db, {
      now,
      windowSeconds: subscriptionWindowSeconds,
      publicUrl,
    }),
    'webhooks.deliver': webhooksDeliverHandler({ db, now, wake: wakeWebhooks }),
    'webhooks.wake': webhooksWakeHandler(wakeWebhooks),
  };
}
