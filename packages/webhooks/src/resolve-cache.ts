import { type EndpointAddress, type LookupAll, resolveEndpoint } from './resolve.js';

/**
 * How long an endpoint host's checked address is used before the name is resolved and checked
 * again. Connections stay pinned to the address checked; a DNS change takes effect within this
 * time, and a name that now leads into the portal's network is refused at the next resolution.
 * 60 s: the TTL common DNS answers carry for hosts that move, and one lookup a minute per host
 * however many deliveries go there.
 */
export const WEBHOOK_RESOLVE_TTL_MS = 60_000;

type Entry = { until: number; address: Promise<EndpointAddress> };

/**
 * resolveEndpoint, remembered per host (and port) for WEBHOOK_RESOLVE_TTL_MS. A refusal or a
 * failed lookup is not remembered: the next attempt asks again. Lookups of the same host at once
 * share one.
 */
export class ResolvedHosts {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: {
      allowed: readonly string[];
      lookup?: LookupAll | undefined;
      ttlMs?: number;
      /** A monotonic clock in ms; tests move it. */
      clock?: () => number;
    },
  ) {}

  resolve(url: URL): Promise<EndpointAddress> {
    const clock = this.options.clock ?? (() => performance.now());
    const key = url.host;
    const now = clock();
    const cached = this.entries.get(key);
    if (cached && cached.until > now) return cached.address;
    const address = resolveEndpoint(url, {
      allowed: this.options.allowed,
      ...(this.options.lookup ? { lookup: this.options.lookup } : {}),
    });
    const entry = { until: now + (this.options.ttlMs ?? WEBHOOK_RESOLVE_TTL_MS), address };
    this.entries.set(key, entry);
    address.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    // Bounded by the hosts in use: entries past their time are dropped as others are added.
    if (this.entries.size > 10_000) {
      for (const [host, old] of this.entries) if (old.until <= now) this.entries.delete(host);
    }
    return address;
  }
}
