// Business constants of SPEC.md §9.
export const MAX_REPORTS_PER_DOWNLOAD = 3;
export const VIEWABLE_EXTENSIONS = ['csv', 'xls', 'xlsx'] as const;
export const ERROR_ALERT_MS = 5_000;
/** The other message times: the list opens 2 seconds after a successful invite or role update (§4). */
export const RETURN_TO_LIST_MS = 2_000;
/** The logo or marketing page reloads 3 seconds after a successful upload (§4). */
export const RELOAD_AFTER_UPLOAD_MS = 3_000;
/** 'Invitation was deleted successfully.', and the tenant pages' other notices, show for 5 seconds (§4, §8). */
export const NOTICE_MS = 5_000;
export const FRAME_CHECK_INTERVAL_MS = 500;
export const FRAME_CHECK_TIMEOUT_MS = 10_000;
export const TABLEAU_SCALE_BELOW_PX = 1830;
export const MOBILE_BREAKPOINT_PX = 768;
export const BREAKPOINTS_PX = [368, 600, 768, 1200, 1920] as const;
export const MARKETING_POPUP_PARTNERS = ['BJS', 'SAM', 'WSI'] as const;
export const DASHBOARD_SORT_MODES = ['ALPHABETICAL', 'MV_MONTH'] as const;
export const SAAS_USERS_PAGE_SIZE = 50;
export const INVITATIONS_PAGE_SIZE = 100;
export const LOGIN_NAME_COOKIE_MINUTES = 480;
/** The modal backdrop's transition (§9). */
export const MODAL_TRANSITION_MS = 500;
export const BANNER_ACK_HIDE_MS = 24 * 60 * 60 * 1000;
export const BANNER_TIME_UNITS = {
  Indefinite: null,
  Seconds: 1,
  Minutes: 60,
  Hours: 3600,
  Days: 86400,
  Weeks: 604800,
  Months: 2628000,
} as const;

export function isViewableFile(fileName: string): boolean {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return (VIEWABLE_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * Largest partner logo or marketing image, by its declared size (ISSUE 11): a small file may
 * declare 50000 × 50000 pixels and cost every browser that shows it gigabytes to decode.
 */
export const MAX_IMAGE_SIDE_PX = 10_000;
export const MAX_IMAGE_PIXELS = 25_000_000;

/**
 * The earliest day an operational form's date may name (issue 23): transaction, message, start and
 * end dates. Card networks keep disputes to months and statements to years, so a day before this
 * is a typing mistake (1900, or 1969-12-31 from an epoch of -1), never a real request.
 */
export const EARLIEST_FORM_DATE = '2000-01-01';

/**
 * Requests that make the portal send to a webhook endpoint by hand ("Send test event" and
 * "Redeliver", counted together): the receiver is any URL a manager registered, so the buttons
 * must not make the portal a flood source towards it. Both limits apply; a request refused by the
 * first does not use up the second, so one flooded endpoint leaves the user's others their share.
 */
export const WEBHOOK_SEND_LIMITS = {
  perEndpoint: { max: 10, timeWindowMs: 60 * 1000 },
  perUser: { max: 100, timeWindowMs: 60 * 60 * 1000 },
} as const;

/**
 * The one-click unsubscribe calls (the confirmation's read and the POST), each route counted on
 * its own per client address: no session says who asks, and each call costs a database lookup.
 */
export const UNSUBSCRIBE_RATE_LIMIT = { max: 30, timeWindowMs: 60 * 1000 } as const;
