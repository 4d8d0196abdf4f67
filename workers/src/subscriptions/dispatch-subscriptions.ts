import {
  type ClaimedSubscription,
  claimPendingItems,
  type Database,
  findActiveUser,
  listPendingSubscriptions,
  markSubscriptionSent,
  partnerOffersCategory,
} from '@portal/db';
import {
  isSubscriptionDue,
  subscriptionEmail,
  subscriptionPauseReason,
} from '@portal/domain/reports/subscription';
import { enqueue } from '@portal/queue';
import { continueTrace, startTrace } from '@portal/telemetry';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

export type DispatchSettings = {
  now: () => Date;
  /** SUBSCRIPTION_WINDOW_SECONDS: reports landing this close to the first one go in one mail. */
  windowSeconds: number;
  /** The portal's public origin, for the links in the mail. */
  publicUrl: string;
};

export type DispatchOutcome = { mailed: number[]; paused: { subscriptionId: number; reason: string }[] };

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

function mailOf(claimed: ClaimedSubscription, to: string, publicUrl: string) {
  const categoryUrl = `${publicUrl}/partners/${path(claimed.accessTypeCode, claimed.partnerCode)}/report-categories/${path(claimed.categoryCode)}/reports`;
  const unsubscribeUrl = `${publicUrl}/unsubscribe/${encodeURIComponent(claimed.unsubscribeToken)}`;
  const email = subscriptionEmail({
    partnerName: claimed.partnerName,
    categoryName: claimed.categoryName,
    categoryUrl,
    unsubscribeUrl,
    manageUrl: `${publicUrl}/my-account`,
    reports: claimed.reports.map((report) => ({
      fileName: report.fileName ?? '',
      reportDate: report.reportDate ?? '',
      frequencyTypeCode: report.frequencyTypeCode,
      frequencyTypeName: report.frequencyTypeName,
      replaced: report.eventType === 'report.replaced',
    })),
  });
  return { to: [to], subject: email.subject, text: email.text, listUnsubscribe: unsubscribeUrl };
}

/**
 * Mails every subscription that is due the reports it heard, one mail each. A subscription's
 * reports are taken away in the transaction that writes its mail to the outbox (with a job id of
 * its own), so a crash before the commit sends nothing and leaves them to the next run, and a second
 * run finds nothing. Access is checked here, at send time: a user who lost it gets nothing, and the
 * subscription records why.
 */
export async function dispatchSubscriptions(
  db: Kysely<Database>,
  settings: DispatchSettings,
): Promise<DispatchOutcome> {
  const now = settings.now();
  const due = (await listPendingSubscriptions(db)).filter((pending) =>
    isSubscriptionDue(pending, now, settings.windowSeconds),
  );
  const outcome: DispatchOutcome = { mailed: [], paused: [] };
  // Traces: a mail of reports as they arrive continues the trace its first report was handed out
  // in; the digests of one run share a trace of their own. A run with nothing due makes none.
  const arriving = due.filter((pending) => pending.delivery !== 'DAILY_DIGEST');
  const digests = due.filter((pending) => pending.delivery === 'DAILY_DIGEST');
  for (const { subscriptionId, traceparent } of arriving) {
    await continueTrace(
      traceparent,
      'subscription mail',
      () => mailSubscription(db, settings, now, subscriptionId, outcome),
      {
        attributes: { 'portal.subscription_id': subscriptionId },
      },
    );
  }
  if (digests.length > 0) {
    await startTrace(
      'subscription digests',
      async () => {
        for (const { subscriptionId } of digests)
          await mailSubscription(db, settings, now, subscriptionId, outcome);
      },
      { attributes: { 'portal.subscriptions': digests.length } },
    );
  }
  return outcome;
}

/** One subscription's mail, or its pause, in one transaction (recorded in `outcome`). */
async function mailSubscription(
  db: Kysely<Database>,
  settings: DispatchSettings,
  now: Date,
  subscriptionId: number,
  outcome: DispatchOutcome,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const claimed = await claimPendingItems(trx, subscriptionId);
    if (!claimed) return;
    const user = await findActiveUser(trx, claimed.userId);
    const reason = subscriptionPauseReason({
      user: user && { ...user, email: user.email },
      accessTypeCode: claimed.accessTypeCode,
      partnerCode: claimed.partnerCode,
      categoryOffered: await partnerOffersCategory(trx, claimed),
    });
    if (reason !== null || !user) {
      await markSubscriptionSent(trx, subscriptionId, { pausedReason: reason ?? '' });
      outcome.paused.push({ subscriptionId, reason: reason ?? '' });
      return;
    }
    await enqueue(trx, {
      name: 'mail.send',
      payload: mailOf(claimed, user.email, settings.publicUrl),
      jobId: `subscription-mail-${subscriptionId}-${claimed.reports[0]?.eventId ?? 'none'}`,
    });
    await markSubscriptionSent(trx, subscriptionId, { sentAt: now });
    outcome.mailed.push(subscriptionId);
  });
}

export function dispatchSubscriptionsHandler(
  db: Kysely<Database>,
  settings: DispatchSettings,
): JobHandler<'subscriptions.dispatch'> {
  return defineHandler('subscriptions.dispatch', async (_payload, { logger }) => {
    const outcome = await dispatchSubscriptions(db, settings);
    if (outcome.mailed.length + outcome.paused.length > 0) {
      logger.info(
        { mailed: outcome.mailed.length, paused: outcome.paused.length },
        'subscriptions dispatched',
      );
    }
  });
}
