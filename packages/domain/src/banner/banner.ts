import { type FieldProblem, problems, requiredProblem, tooLongProblem } from '../common/field-problem.js';
import { BANNER_ACK_HIDE_MS, BANNER_TIME_UNITS } from '../common/limits.js';

// SPEC.md §3, §4, §5 and §9 for the site banner: states active and inactive, a time to live in
// seconds (empty means indefinite) entered as a number with up to 2 decimals times a unit, and a
// local acknowledgement that hides a banner for 24 hours.

export type BannerTimeUnit = keyof typeof BANNER_TIME_UNITS;
export const BANNER_TIME_UNIT_NAMES = Object.keys(BANNER_TIME_UNITS) as BannerTimeUnit[];

/** The stored column is a Postgres integer. */
export const MAX_TIME_TO_LIVE_SECONDS = 2_147_483_647;
export const BANNER_MESSAGE_MAX = 1_000;

export const BANNER_PROBLEMS = {
  timeToLiveFormat: 'Enter a number with up to 2 decimals.',
  timeToLiveTooShort: 'The time to live must be at least 1 second.',
  timeToLiveTooLong: 'The time to live is too long.',
} as const;

export type BannerFields = { bannerMessage: string; bannerType: string; timeToLive: number | null };
export type BannerFormFields = {
  bannerMessage: string;
  bannerType: string;
  timeToLiveAmount: string;
  timeToLiveUnit: BannerTimeUnit;
};

export type TimeToLive = { seconds: number | null } | { problem: string };

const AMOUNT = /^(\d+(\.\d{1,2})?|\.\d{1,2})$/;

/** The time to live in seconds of an amount in a unit: null for Indefinite, whole seconds otherwise. */
export function timeToLiveSeconds(amount: string, unit: BannerTimeUnit): TimeToLive {
  const unitSeconds = BANNER_TIME_UNITS[unit];
  if (unitSeconds === null) return { seconds: null };
  const text = amount.trim();
  if (text === '') return { problem: 'This field is required.' };
  if (!AMOUNT.test(text)) return { problem: BANNER_PROBLEMS.timeToLiveFormat };
  const [whole = '', fraction = ''] = text.split('.');
  if (whole.replace(/^0+/, '').length > 12) return { problem: BANNER_PROBLEMS.timeToLiveTooLong };
  // In hundredths, so 1.15 Hours is exactly 4140 seconds.
  const hundredths = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return secondsProblem(Math.round((hundredths * unitSeconds) / 100));
}

function secondsProblem(seconds: number): TimeToLive {
  if (seconds < 1) return { problem: BANNER_PROBLEMS.timeToLiveTooShort };
  if (seconds > MAX_TIME_TO_LIVE_SECONDS) return { problem: BANNER_PROBLEMS.timeToLiveTooLong };
  return { seconds };
}

/** The amount and unit an edit form starts from: the largest unit giving at most 2 decimals. */
export function describeTimeToLive(seconds: number | null): { amount: string; unit: BannerTimeUnit } {
  if (seconds === null) return { amount: '', unit: 'Indefinite' };
  const units = BANNER_TIME_UNIT_NAMES.filter((unit) => BANNER_TIME_UNITS[unit] !== null).reverse();
  for (const unit of units) {
    const unitSeconds = BANNER_TIME_UNITS[unit] as number;
    const hundredths = (seconds * 100) / unitSeconds;
    if (seconds >= unitSeconds && Number.isInteger(hundredths)) {
      return { amount: String(hundredths / 100), unit };
    }
  }
  return { amount: String(seconds), unit: 'Seconds' };
}

export function formatTimeToLive(seconds: number | null): string {
  const { amount, unit } = describeTimeToLive(seconds);
  return unit === 'Indefinite' ? 'Indefinite' : `${amount} ${unit}`;
}

/** §5 Banner: message and type are required; the time to live as the form enters it. */
export function bannerFormProblems(form: BannerFormFields): FieldProblem<keyof BannerFormFields>[] {
  const timeToLive = timeToLiveSeconds(form.timeToLiveAmount, form.timeToLiveUnit);
  return problems<keyof BannerFormFields>(
    requiredProblem('bannerMessage', form.bannerMessage),
    tooLongProblem('bannerMessage', form.bannerMessage, BANNER_MESSAGE_MAX),
    requiredProblem('bannerType', form.bannerType),
    'problem' in timeToLive ? { field: 'timeToLiveAmount', message: timeToLive.problem } : null,
  );
}

/** The same rules on what the API receives: the time to live already in seconds. */
export function bannerProblems(fields: BannerFields): FieldProblem<keyof BannerFields>[] {
  const { timeToLive } = fields;
  const ttl =
    timeToLive === null
      ? null
      : Number.isInteger(timeToLive)
        ? secondsProblem(timeToLive)
        : { problem: 'The time to live is a whole number of seconds.' };
  return problems<keyof BannerFields>(
    requiredProblem('bannerMessage', fields.bannerMessage),
    tooLongProblem('bannerMessage', fields.bannerMessage, BANNER_MESSAGE_MAX),
    requiredProblem('bannerType', fields.bannerType),
    ttl && 'problem' in ttl ? { field: 'timeToLive', message: ttl.problem } : null,
  );
}

export type BannerState = {
  isActive: boolean;
  /** When it was created or last edited: its time to live counts from here. */
  activatedAt: Date | string;
  timeToLive: number | null;
};

export function bannerExpiresAt(banner: BannerState): Date | null {
  if (banner.timeToLive === null) return null;
  return new Date(new Date(banner.activatedAt).getTime() + banner.timeToLive * 1000);
}

export function isBannerExpired(banner: BannerState, now: Date): boolean {
  const expiresAt = bannerExpiresAt(banner);
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** Shown on every page while active and not expired. */
export function isBannerShowing(banner: BannerState, now: Date): boolean {
  return banner.isActive && !isBannerExpired(banner, now);
}

/**
 * Acknowledgements kept in the browser: banner version → when it was acknowledged (ms). A version
 * is the banner id and its activation, so an edited banner shows again.
 */
export type BannerAcknowledgements = Record<string, number>;

export function bannerVersion(banner: { bannerId: number; activatedAt: Date | string }): string {
  return `${banner.bannerId}@${new Date(banner.activatedAt).getTime()}`;
}

export function isBannerAcknowledged(acks: BannerAcknowledgements, version: string, now: Date): boolean {
  const at = acks[version];
  return at !== undefined && now.getTime() - at < BANNER_ACK_HIDE_MS && at <= now.getTime();
}

/** Records an acknowledgement now, dropping those older than 24 hours. */
export function acknowledgeBanner(
  acks: BannerAcknowledgements,
  version: string,
  now: Date,
): BannerAcknowledgements {
  const kept = Object.entries(acks).filter(([key]) => isBannerAcknowledged(acks, key, now));
  return { ...Object.fromEntries(kept), [version]: now.getTime() };
}

/** Reads what local storage held; anything unreadable counts as no acknowledgement. */
export function parseBannerAcknowledgements(raw: string | null): BannerAcknowledgements {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
    );
  } catch {
    return {};
  }
}
