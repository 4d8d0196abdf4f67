import type { Static } from '@sinclair/typebox';
import { activityDashboardEvent } from './activity-dashboard-event.js';
import { mailSend } from './mail-send.js';
import { monitorsCheck } from './monitors-check.js';
import { monitorsSchedule } from './monitors-schedule.js';
import { sessionsPurge } from './sessions-purge.js';

// Every job of the portal. To add one: write jobs/<job>.ts with defineJob(...), list it here,
// and give it a handler in workers/src/handlers.ts (the worker refuses to boot without one).
export const jobDefinitions = [
  activityDashboardEvent,
  mailSend,
  monitorsCheck,
  monitorsSchedule,
  sessionsPurge,
] as const;

export type AnyJobDefinition = (typeof jobDefinitions)[number];
export type JobName = AnyJobDefinition['name'];
export type JobDefinitionOf<N extends JobName> = Extract<AnyJobDefinition, { name: N }>;
export type JobPayload<N extends JobName> = Static<JobDefinitionOf<N>['payload']>;

/** What `enqueue` accepts: a discriminated union on `name`, so the payload is checked per job. */
export type JobRequest = {
  [N in JobName]: {
    name: N;
    payload: JobPayload<N>;
    /** A deterministic BullMQ job id (schedules: one job per period). Defaults to the outbox id. */
    jobId?: string;
  };
}[JobName];

export function findJobDefinition(name: string): AnyJobDefinition | undefined {
  return jobDefinitions.find((definition) => definition.name === name);
}

export { activityDashboardEvent, mailSend, monitorsCheck, monitorsSchedule, sessionsPurge };
