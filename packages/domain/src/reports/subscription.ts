import { canAccessPartner, hasFeature, type Principal } from '../access/permissions.js';
import type { FieldProblem } from '../common/field-problem.js';
import { isBusinessDay, previousBusinessDay } from '../time/business-days.js';
import { easternInstant, easternWallClock } from '../time/eastern-time.js';
import { formatUsDate, type IsoDate, isIsoDate } from '../time/iso-date.js';
import { reportsPageQuery, viewOfReports } from './reports-page-link.js';

// Report subscriptions (issue 28): a person follows a partner's report category and gets mail when
// reports land there, either grouped as they arrive or once a business day at a time they choose.

export const SUBSCRIPTION_DELIVERIES = ['AS_THEY_ARRIVE', 'DAILY_DIGEST'] as const;
export type SubscriptionDelivery = (typeof SUBSCRIPTION_DELIVERIES)[number];

/**
 * Reports landing within this many seconds of the first one not yet mailed go out in one mail
 * (SUBSCRIPTION_WINDOW_SECONDS). Two minutes holds a burst of uploads from one system run together
 * and still tells a person within minutes.
 */
export const DEFAULT_SUBSCRIPTION_WINDOW_SECONDS = 120;

/** The most reports one mail lists by name; the rest are counted ("and 12 more"). */
export const MAX_REPORTS_LISTED = 50;

export type SubscriptionInput = {
  delivery: SubscriptionDelivery;
  /** 'HH:MM', 24-hour, Eastern time; for DAILY_DIGEST only. */
  digestTime: string | null;
  /** Empty: every frequency type of the category. */
  frequencyTypeCodes: string[];
};

type Field = 'delivery' | 'digestTime' | 'frequencyTypeCodes';

const DIGEST_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDigestTime(value: unknown): value is string {
  return typeof value === 'string' && DIGEST_TIME.test(value);
}

/** The problems of a subscription a client sends, each naming its field. */
export function subscriptionProblems(
  body: { delivery?: unknown; digestTime?: unknown; frequencyTypeCodes?: unknown },
  availableFrequencyTypes: readonly string[],
): FieldProblem<Field>[] {
  const found: FieldProblem<Field>[] = [];
  if (!(SUBSCRIPTION_DELIVERIES as readonly unknown[]).includes(body.delivery)) {
    found.push({ field: 'delivery', message: 'Choose "As they arrive" or "Daily digest".' });
  } else if (body.delivery === 'DAILY_DIGEST' && !isDigestTime(body.digestTime)) {
    found.push({ field: 'digestTime', message: 'Enter the digest time as HH:MM, such as 09:00.' });
  }
  const codes = body.frequencyTypeCodes ?? [];
  if (!Array.isArray(codes) || codes.some((code) => typeof code !== 'string')) {
    found.push({ field: 'frequencyTypeCodes', message: 'Choose frequency types of this report category.' });
  } else {
    const unknown = codes.filter((code) => !availableFrequencyTypes.includes(code));
    if (unknown.length > 0) {
      found.push({
        field: 'frequencyTypeCodes',
        message: `${unknown.join(', ')} is not a frequency type of this report category.`,
      });
    }
  }
  return found;
}

/** The input as stored: no digest time for "as they arrive", each frequency type once, sorted. */
export function normalizeSubscription(input: SubscriptionInput): SubscriptionInput {
  return {
    delivery: input.delivery,
    digestTime: input.delivery === 'DAILY_DIGEST' ? input.digestTime : null,
    frequencyTypeCodes: [...new Set(input.frequencyTypeCodes)].sort(),
  };
}

/** Whether a subscription for these frequency types hears a report of this one. */
export function coversFrequencyType(frequencyTypeCodes: readonly string[], code: string | null): boolean {
  return frequencyTypeCodes.length === 0 || frequencyTypeCodes.some((chosen) => chosen === code);
}

/** The last digest instant at or before `now`: the digest time of the latest business day that has reached it. */
export function lastDigestInstant(digestTime: string, now: Date): Date {
  const [hour, minute] = digestTime.split(':').map(Number) as [number, number];
  const today: IsoDate = easternWallClock(now).date;
  const reached = isBusinessDay(today) && easternInstant(today, hour, minute) <= now;
  return easternInstant(reached ? today : previousBusinessDay(today), hour, minute);
}

export type PendingSubscription = {
  delivery: SubscriptionDelivery;
  digestTime: string | null;
  /** When its oldest report not yet mailed was added. */
  firstPendingAt: Date;
};

/**
 * Whether a subscription's pending reports go out now: "as they arrive" once the window since the
 * first of them has passed; a daily digest once a digest time has passed since the first of them.
 */
export function isSubscriptionDue(pending: PendingSubscription, now: Date, windowSeconds: number): boolean {
  if (pending.delivery === 'AS_THEY_ARRIVE') {
    return now.getTime() - pending.firstPendingAt.getTime() >= windowSeconds * 1000;
  }
  if (pending.digestTime === null) return false;
  return lastDigestInstant(pending.digestTime, now) >= pending.firstPendingAt;
}

export type LandedReport = {
  fileName: string;
  reportDate: string;
  frequencyTypeCode: string | null;
  /** The frequency type's name, as the portal shows it ('Day'); its code when it has none. */
  frequencyTypeName: string | null;
  replaced: boolean;
};

export type SubscriptionEmailInput = {
  partnerName: string;
  categoryName: string;
  /** The category's reports page, absolute; the mail's link opens it on the reports' dates. */
  categoryUrl: string;
  unsubscribeUrl: string;
  manageUrl: string;
  reports: readonly LandedReport[];
};

/** A report's line in the mail, in the portal's words: MM/dd/yyyy and the frequency type's name. */
function reportLine(report: LandedReport): string {
  const date = isIsoDate(report.reportDate) ? formatUsDate(report.reportDate) : report.reportDate;
  const type = report.frequencyTypeName ?? report.frequencyTypeCode;
  const replaced = report.replaced ? ' – replaces an earlier file' : '';
  return `- ${report.fileName} (${date}${type ? `, ${type}` : ''})${replaced}`;
}

/**
 * The mail of one window or digest: every report that landed, listed by name up to a limit, and a
 * link to the reports page opened on their dates (a report for an earlier day is not among the
 * category's newest).
 */
export function subscriptionEmail(input: SubscriptionEmailInput): { subject: string; text: string } {
  const count = input.reports.length;
  const noun = count === 1 ? 'report' : 'reports';
  const subject = `${count} new ${noun}: ${input.partnerName} – ${input.categoryName}`;
  const listed = [...input.reports]
    .sort((a, b) => b.reportDate.localeCompare(a.reportDate) || a.fileName.localeCompare(b.fileName))
    .slice(0, MAX_REPORTS_LISTED)
    .map(reportLine);
  const more = count - listed.length;
  const view = viewOfReports(input.reports);
  const text = [
    `New ${noun} arrived for ${input.partnerName} in ${input.categoryName}:`,
    '',
    ...listed,
    ...(more > 0 ? [`…and ${more} more.`] : []),
    '',
    `Open them: ${input.categoryUrl}${view ? reportsPageQuery(view) : ''}`,
    '',
    `You get this mail because you follow this report category. Manage your subscriptions: ${input.manageUrl}`,
    `Unsubscribe from this category: ${input.unsubscribeUrl}`,
  ].join('\n');
  return { subject, text };
}

/** Why a subscription sent nothing: shown on My Account. */
export const SUBSCRIPTION_PAUSED = {
  disabled: 'Paused: your account is disabled.',
  noPartner: 'Paused: you no longer have access to this partner.',
  noCategory: 'Paused: this report category is no longer offered for this partner.',
  noFeature: 'Paused: you may no longer view reports.',
  noEmail: 'Paused: your account has no e-mail address.',
} as const;

export type SubscriberAtSendTime = {
  /** The user as they are now; undefined when disabled or gone. */
  user: (Principal & { email: string }) | undefined;
  accessTypeCode: string;
  partnerCode: string;
  /** Whether the partner still offers the category. */
  categoryOffered: boolean;
};

/** Why a subscription must not be mailed now, or null when it may be: access is checked at send time. */
export function subscriptionPauseReason(subscriber: SubscriberAtSendTime): string | null {
  const { user } = subscriber;
  if (!user) return SUBSCRIPTION_PAUSED.disabled;
  if (!hasFeature(user, 'VIEW_REPORTS')) return SUBSCRIPTION_PAUSED.noFeature;
  if (!canAccessPartner(user, subscriber.accessTypeCode, subscriber.partnerCode))
    return SUBSCRIPTION_PAUSED.noPartner;
  if (!subscriber.categoryOffered) return SUBSCRIPTION_PAUSED.noCategory;
  if (!user.email.includes('@')) return SUBSCRIPTION_PAUSED.noEmail;
  return null;
}
