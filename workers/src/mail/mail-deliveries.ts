import type { Database } from '@portal/db';
import { type Kysely, sql } from 'kysely';

export type DeliveryClaim = 'claimed' | 'already-sent' | 'in-flight';

/** An attempt still 'sending' after this long died mid-send (its worker crashed): claim again. */
const ABANDONED_AFTER = sql<Date>`now() - interval '2 minutes'`;

/**
 * Claims the right to send the message of one job. 'already-sent' when an earlier attempt
 * finished; 'in-flight' when another attempt is sending it right now.
 */
export async function claimDelivery(
  db: Kysely<Database>,
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

export async function markDeliverySent(db: Kysely<Database>, jobId: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
    .where('job_id', '=', jobId)
    .execute();
}

export async function markDeliveryFailed(db: Kysely<Database>, jobId: string, error: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'failed', last_error: error.slice(0, 2000) })
    .where('job_id', '=', jobId)
    .execute();
}
