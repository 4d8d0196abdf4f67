import { sql } from 'kysely';
import type { Db } from '../db.js';

// The record of each mail.send job's delivery, so a retried job never sends its message twice.

export type DeliveryClaim = 'claimed' | 'already-sent' | 'in-flight';

/**
 * A live attempt refreshes its claim every CLAIM_HEARTBEAT_MS while it sends (touchDelivery); one
 * whose claim is older than this died mid-send (its worker was killed): claim again. A fixed
 * 2 minutes made a mail whose worker was killed wait minutes for its retry.
 */
const ABANDONED_AFTER = sql<Date>`now() - interval '30 seconds'`;
export const CLAIM_HEARTBEAT_MS = 10_000;

/**
 * Claims the right to send the message of one job. 'already-sent' when an earlier attempt
 * finished; 'in-flight' when another attempt is sending it right now.
 */
export async function claimDelivery(
  db: Db,
  delivery: { jobId: string; messageId: string; recipients: string[]; subject: string },
): Promise<DeliveryClaim> {
  const claimed = await db
    .insertInto('mail_deliveries')
    .values({
      job_id: delivery.jobId,
      message_id: delivery.messageId,
      recipients: delivery.recipients,
      subject: delivery.subject,
      status: 'sending',
    })
    .onConflict((oc) =>
      oc
        .column('job_id')
        .doUpdateSet((eb) => ({
          status: 'sending',
          attempts: eb('mail_deliveries.attempts', '+', 1),
          claimed_at: sql<Date>`now()`,
        }))
        .where((eb) =>
          eb.or([
            eb('mail_deliveries.status', '=', 'failed'),
            eb.and([
              eb('mail_deliveries.status', '=', 'sending'),
              eb('mail_deliveries.claimed_at', '<', ABANDONED_AFTER),
            ]),
          ]),
        ),
    )
    .returning('job_id')
    .executeTakeFirst();
  if (claimed) return 'claimed';
  const existing = await db
    .selectFrom('mail_deliveries')
    .select('status')
    .where('job_id', '=', delivery.jobId)
    .executeTakeFirst();
  return existing?.status === 'sent' ? 'already-sent' : 'in-flight';
}

/** The sending attempt is alive: keeps its claim from being taken as abandoned. */
export async function touchDelivery(db: Db, jobId: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ claimed_at: sql<Date>`now()` })
    .where('job_id', '=', jobId)
    .where('status', '=', 'sending')
    .execute();
}

export async function markDeliverySent(db: Db, jobId: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
    .where('job_id', '=', jobId)
    .execute();
}

export async function markDeliveryFailed(db: Db, jobId: string, error: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'failed', last_error: error.slice(0, 2000) })
    .where('job_id', '=', jobId)
    .execute();
}
