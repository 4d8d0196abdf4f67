import { request } from 'node:http';
import type { InviteFixture } from './seed.js';

export type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
type Outcome = Reply | { error: string };

/** One call on a connection of its own (no keep-alive: a stopping API never gets a call on a socket it is closing). */
export function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<Outcome>((resolve) => {
    const url = new URL(path, base);
    const req = request(
      url,
      { method, agent: false, headers: { ...headers, ...(body && { 'content-type': 'application/json' }) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

export type PhaseStats = {
  calls: number;
  /** Calls that got an HTTP answer (from an API, or from the proxy in front of them). */
  answered: number;
  byStatus: Record<string, number>;
  /** 503s without Retry-After or without a JSON message. */
  bad503: number;
  /** Calls the proxy sent to the other API after one refused the connection (its own count). */
  failedOver: number;
  /** Calls the proxy cut or refused: no HTTP answer at all. */
  unanswered: number;
  errors: Record<string, number>;
};

const emptyStats = (): PhaseStats => ({
  calls: 0,
  answered: 0,
  byStatus: {},
  bad503: 0,
  failedOver: 0,
  unanswered: 0,
  errors: {},
});

export type LoadOptions = {
  /** The proxy in front of the APIs: it decides which API answers. */
  url: string;
  /** Cookie headers of signed-in users (contact-us is limited per user per hour). */
  cookies: string[];
  dashboardId: number;
  reason: string;
  /** The tenant administrator who invites people, and where. */
  invite: InviteFixture;
  /** Calls per second of each kind. */
  rates: { views: number; reads: number; contacts: number; invites: number };
};

/**
 * The steady mix: dashboard views (tracking events), reads of the signed-in user, contact-us
 * (a stored issue and a mail), tenant invitations (an invitation job, then its e-mail). Keeps
 * what a correct portal must then have stored and sent.
 */
export class Load {
  readonly phases = new Map<string, PhaseStats>();
  readonly eventIds = new Set<string>();
  /** Issues the API said it stored (contact-us answered 200). */
  readonly issueIds = new Set<number>();
  /** Invitations the API said it made (201): each must be mailed once. */
  readonly invitationIds = new Set<string>();
  private phase = emptyStats();
  private timers: NodeJS.Timeout[] = [];
  private pending = new Set<Promise<void>>();
  private sentCount = 0;
  private contactCount = 0;
  private inviteCount = 0;

  constructor(private readonly options: LoadOptions) {
    this.setPhase('warm-up');
  }

  setPhase(name: string): void {
    const stats = this.phases.get(name) ?? emptyStats();
    this.phases.set(name, stats);
    this.phase = stats;
  }

  start(): void {
    const { rates } = this.options;
    const every = (perSecond: number, work: () => Promise<void>) => {
      if (perSecond <= 0) return;
      this.timers.push(setInterval(() => this.track(work()), 1000 / perSecond));
    };
    every(rates.views, () => this.view());
    every(rates.reads, () => this.read());
    every(rates.contacts, () => this.contact());
    every(rates.invites, () => this.invite());
  }

  /** Calls sent and not yet answered. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Calls sent since the start. */
  get sent(): number {
    return this.sentCount;
  }

  /** Resolves when every call in flight now has been answered (or has failed). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all([...this.pending]);
  }

  private track(work: Promise<void>) {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private cookie(): string {
    return this.options.cookies[this.contactCount % this.options.cookies.length] ?? '';
  }

  /** One call through the proxy. */
  private async send(
    method: string,
    path: string,
    body?: string,
    cookie = this.cookie(),
  ): Promise<Reply | undefined> {
    const stats = this.phase;
    stats.calls += 1;
    this.sentCount += 1;
    const headers = { cookie, 'x-requested-with': 'portal' };
    const outcome = await call(this.options.url, method, path, headers, body);
    if ('status' in outcome) {
      stats.answered += 1;
      stats.byStatus[outcome.status] = (stats.byStatus[outcome.status] ?? 0) + 1;
      if (outcome.status === 503 && !(outcome.headers['retry-after'] && /"message"/.test(outcome.body))) {
        stats.bad503 += 1;
      }
      return outcome;
    }
    stats.errors[outcome.error] = (stats.errors[outcome.error] ?? 0) + 1;
    stats.unanswered += 1;
    return undefined;
  }

  private async view() {
    const reply = await this.send(
      'POST',
      `/api/activity/track/dashboard-view/${this.options.dashboardId}`,
      '{}',
    );
    if (reply?.status === 202) this.eventIds.add((JSON.parse(reply.body) as { eventId: string }).eventId);
  }

  private async read() {
    await this.send('GET', '/api/user');
  }

  private async contact() {
    this.contactCount += 1;
    const body = JSON.stringify({
      phone: '',
      reason: this.options.reason,
      message: `Chaos ${this.contactCount}`,
    });
    const reply = await this.send('POST', '/api/contact-us', body);
    if (reply?.status === 200) this.issueIds.add((JSON.parse(reply.body) as { issueId: number }).issueId);
  }

  private async invite() {
    this.inviteCount += 1;
    const { cookie, tenantId, roleId } = this.options.invite;
    // A new address each time: a second pending invitation of one address is refused (409).
    const body = JSON.stringify({
      inviterName: 'Chaos Admin',
      emailAddress: `invitee-${this.inviteCount}@chaos.test`,
      userRoleIds: [roleId],
    });
    const path = `/api/saas/user/tenantId/${tenantId}/tsUser/false/invite`;
    const reply = await this.send('POST', path, body, cookie);
    if (reply?.status === 201)
      this.invitationIds.add((JSON.parse(reply.body) as { invitationId: string }).invitationId);
  }
}
