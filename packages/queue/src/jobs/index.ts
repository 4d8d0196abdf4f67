import type { Static } from 'typebox';
import { type QueueName, queueNames } from '../queues.js';
import { activityDashboardEvent } from './activity-dashboard-event.js';
import { batchesDisputesSchedule } from './batches-disputes-schedule.js';
import { batchesInvoicesSchedule } from './batches-invoices-schedule.js';
import { batchesRun } from './batches-run.js';
import { invitationsSend } from './invitations-send.js';
import { mailInvitation } from './mail-invitation.js';
import { mailSend } from './mail-send.js';
import { monitorsCheck } from './monitors-check.js';
import { monitorsSchedule } from './monitors-schedule.js';
import { notificationsReportEvent } from './notifications-report-event.js';
import { retentionApply } from './retention-apply.js';
import { sessionsPurge } from './sessions-purge.js';
import { subscriptionsDispatch } from './subscriptions-dispatch.js';
import { webhooksDeliver } from './webhooks-deliver.js';
import { webhooksWake } from './webhooks-wake.js';

// Every job of the portal. To add one: write jobs/<job>.ts with defineJob(...) (with its
// `schedule` if it fires by the clock), list it here, and give it a handler in
// workers/src/handlers.ts: the handler map is typed by JobName, so a job without one does not compile.
export const jobDefinitions = [
  activityDashboardEvent,
  invitationsSend,
  mailSend,
  mailInvitation,
  monitorsCheck,
  monitorsSchedule,
  sessionsPurge,
  retentionApply,
  batchesDisputesSchedule,
  batchesInvoicesSchedule,
  batchesRun,
  notificationsReportEvent,
  subscriptionsDispatch,
  webhooksDeliver,
  webhooksWake,
] as const;

export type AnyJobDefinition = (typeof jobDefinitions)[number];
export type JobName = AnyJobDefinition['name'];
export type JobDefinitionOf<N extends JobName> = Extract<AnyJobDefinition, { name: N }>;
export type JobPayload<N extends JobName> = Static<JobDefinitionOf<N>['payload']>;
/** What a job's handler receives: its payload, or the payloads of its group for a grouped job. */
export type HandlerInput<N extends JobName> = JobDefinitionOf<N>['grouped'] extends true
  ? JobPayload<N>[]
  : JobPayload<N>;

/** What `enqueue` accepts: a discriminated union on `name`, so the payload is checked per job. */
export type JobRequest = {
  [N in JobName]: {
    name: N;
    payload: JobPayload<N>;
    /** A deterministic BullMQ job id (schedules: one job per period). Defaults to the outbox id. */
    jobId?: string;
  };
}[JobName];

/** The queues some job uses, in the order of queueNames: what a worker consumes by default. */
export function queuesWithJobs(): QueueName[] {
  return queueNames.filter((queue) => jobDefinitions.some((definition) => definition.queue === queue));
}

export function findJobDefinition(name: string): AnyJobDefinition | undefined {
  return jobDefinitions.find((definition) => definition.name === name);
}

export {
  activityDashboardEvent,
  batchesDisputesSchedule,
  batchesInvoicesSchedule,
  batchesRun,
  invitationsSend,
  mailInvitation,
  mailSend,
  monitorsCheck,
  monitorsSchedule,
  retentionApply,
  sessionsPurge,
  webhooksDeliver,
  webhooksWake,
};
